//! The outcome of comparing two expressions or two conditions, and how outcomes combine.

/// How a comparison was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Exact,
    Numeric,
}

/// The outcome of a comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Same(Method),
    Different(String),
    Unknown(String),
}

/// Combines verdicts: any difference wins, then any unknown, then the weakest method.
pub fn all_of(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    let mut result = Verdict::Same(Method::Exact);
    for v in verdicts {
        result = match (result, v) {
            (Verdict::Different(r), _) | (_, Verdict::Different(r)) => {
                return Verdict::Different(r);
            }
            (Verdict::Unknown(r), _) | (_, Verdict::Unknown(r)) => Verdict::Unknown(r),
            (Verdict::Same(Method::Numeric), _) | (_, Verdict::Same(Method::Numeric)) => {
                Verdict::Same(Method::Numeric)
            }
            _ => Verdict::Same(Method::Exact),
        };
    }
    result
}
