//! JSON long form (in progress).
