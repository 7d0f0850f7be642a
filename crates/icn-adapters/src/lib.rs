//! Converters between ICN and other formats (FEN, SAN, PGN, Sjaak variant files). Not yet implemented: see the adapters issue.
