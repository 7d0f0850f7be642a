//! Variant rule objects (piece movement, board region, royalty, promotion, castling, win and draw conditions), FBR text and the variant catalogue. Not yet implemented: see the rules issue.
