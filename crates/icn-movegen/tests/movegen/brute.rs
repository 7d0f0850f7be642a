//! An independent brute-force generator for cross-checks (to be filled).
