//! The kinds of problem: which are solved offline, and why the others are not.

use serde::{Deserialize, Serialize};

/// The kind of a problem. The first six kinds are solved offline by [`crate::solve`]; the kinds
/// from `Inequality` to `Geometry` are written by a language model (except the plain forms of
/// the first three, which are solved offline), and [`crate::check_steps`]
/// knows how to check them ([`crate::prompt_guide`] tells the model how to write them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ProblemKind {
    /// One equation of degree at most one in one unknown, e.g. `3(x - 1) = 2x + 4`.
    LinearEquation {
        /// The unknown.
        variable: String,
    },
    /// One polynomial equation of degree two in one unknown, e.g. `x^2 - 5x + 6 = 0`.
    QuadraticEquation {
        /// The unknown.
        variable: String,
    },
    /// Two or three linear equations in two or three unknowns, separated by `;`, `,` or `and`.
    LinearSystem {
        /// The unknowns, in alphabetical order.
        variables: Vec<String>,
        /// How many equations there are.
        equations: usize,
    },
    /// Numbers, fractions, decimals, brackets, whole powers and exact roots (`sqrt(144)`, `27^(1/3)`).
    Arithmetic,
    /// The derivative of a polynomial or a product of polynomials.
    Derivative {
        /// The variable of differentiation.
        variable: String,
    },
    /// The indefinite integral of a polynomial.
    Integral {
        /// The variable of integration.
        variable: String,
    },
    /// An inequality in one unknown, e.g. `x^2 - 5x + 6 < 0` or `-1 < 2x + 1 <= 7`.
    Inequality {
        /// The unknown.
        variable: String,
    },
    /// An equation with the unknown in an exponent, e.g. `2^(x + 1) = 16` or `e^(2x) = 5`.
    ExponentialEquation {
        /// The unknown.
        variable: String,
    },
    /// An equation with the unknown inside a logarithm, e.g. `log(x) + log(x - 3) = 1`.
    LogarithmicEquation {
        /// The unknown.
        variable: String,
    },
    /// A limit, e.g. `lim_(x->2) (x^2 - 4)/(x - 2)`.
    Limit {
        /// The variable that approaches the limit point.
        variable: String,
    },
    /// A problem in words with numbers, e.g. a speed, a price after a discount.
    WordProblem,
    /// A problem in words about a figure: lengths, areas, perimeters, volumes, Pythagoras.
    Geometry,
    /// Anything else: refused offline, before any credit is spent.
    NeedsLanguageModel {
        /// Why, in words for the user (appended to "This problem needs a language model: ").
        reason: String,
    },
}

impl ProblemKind {
    /// Whether [`crate::solve`] handles every problem of this kind without a language model.
    /// It also solves the plain forms of inequalities, exponential and logarithmic equations
    /// (see the crate's documentation): [`crate::solve`] itself says which.
    pub fn is_offline_solvable(&self) -> bool {
        matches!(
            self,
            ProblemKind::LinearEquation { .. }
                | ProblemKind::QuadraticEquation { .. }
                | ProblemKind::LinearSystem { .. }
                | ProblemKind::Arithmetic
                | ProblemKind::Derivative { .. }
                | ProblemKind::Integral { .. }
        )
    }

    /// Why [`crate::solve`] does not solve it, for a kind that is not offline-solvable.
    pub(crate) fn refusal(&self) -> Option<String> {
        let what = match self {
            ProblemKind::NeedsLanguageModel { reason } => return Some(reason.clone()),
            ProblemKind::Inequality { .. } => "inequalities are",
            ProblemKind::ExponentialEquation { .. } => "exponential equations are",
            ProblemKind::LogarithmicEquation { .. } => "logarithmic equations are",
            ProblemKind::Limit { .. } => "limits are",
            ProblemKind::WordProblem => "problems in words are",
            ProblemKind::Geometry => "geometry problems are",
            _ => return None,
        };
        Some(format!(
            "{what} not solved offline (a language model writes the steps and the checker verifies them)"
        ))
    }

    /// A short name for logs and metadata, e.g. `quadratic_equation`.
    pub fn name(&self) -> &'static str {
        match self {
            ProblemKind::LinearEquation { .. } => "linear_equation",
            ProblemKind::QuadraticEquation { .. } => "quadratic_equation",
            ProblemKind::LinearSystem { .. } => "linear_system",
            ProblemKind::Arithmetic => "arithmetic",
            ProblemKind::Derivative { .. } => "derivative",
            ProblemKind::Integral { .. } => "integral",
            ProblemKind::Inequality { .. } => "inequality",
            ProblemKind::ExponentialEquation { .. } => "exponential_equation",
            ProblemKind::LogarithmicEquation { .. } => "logarithmic_equation",
            ProblemKind::Limit { .. } => "limit",
            ProblemKind::WordProblem => "word_problem",
            ProblemKind::Geometry => "geometry",
            ProblemKind::NeedsLanguageModel { .. } => "needs_language_model",
        }
    }
}
