//! Legal move generation on the unbounded board, make/unmake, perft and position queries. Not yet implemented: see the movegen issue.
