//! [`QueryError`]: one problem with a query, where it is (a byte span of the
//! query text) and what was expected, rendered like every other error of the
//! toolkit: the text, a caret under the span, the message.

use icn_syntax::{Diagnostic, Span};

/// A problem with a query: a syntax error, a type error (a number where a
/// set is needed), an unknown variable, or, when a position is evaluated, a
/// set that cannot be counted or listed (it is infinite).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct QueryError {
    /// Where in the query text.
    pub span: Span,
    /// What is wrong, lowercase, saying what was expected.
    pub message: String,
}

impl QueryError {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> QueryError {
        QueryError {
            span,
            message: message.into(),
        }
    }

    /// The error compiler style: `origin:line:col`, the line of `text`, a
    /// caret under the span, the message.
    ///
    /// ```
    /// let e = icn_query::Query::parse("check and").unwrap_err();
    /// let shown = e.render("<query>", "check and");
    /// assert!(shown.contains("<query>:1:10"), "{shown}");
    /// assert!(shown.contains('^'), "{shown}");
    /// ```
    pub fn render(&self, origin: &str, text: &str) -> String {
        Diagnostic::new(self.span, self.message.clone()).render(origin, text)
    }
}
