//! Reads a problem as a user types it: "Solve 2x + 3 = 11", "d/dx (x^3 + 2x)",
//! "derivative of (x^2+1)(x-3)", "integrate 3x^2 + 2x dx", "1/2 + 3/4 * 2".

use crate::expr::Expr;
use crate::limit::{Limit, split_head};
use crate::parse_error::ParseError;
use crate::parser::{parse_chars, parse_integrand};
use crate::statement::{Condition, Statement, read_statement};

/// What a problem asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// A value to compute: arithmetic, `d/dx(...)` or `∫ ... dx`.
    Expression(Expr),
    /// Equations or inequalities to solve.
    Condition(Condition),
    /// `lim_(x->2) (x^2 - 4)/(x - 2)`.
    Limit(Limit),
}

/// A problem with how it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadProblem {
    pub problem: Problem,
    /// The user wrote decimals, so answers are given as decimals where they terminate.
    pub decimals: bool,
    /// The notation a problem in words was read as ("We write this as ...").
    pub reading: Option<String>,
}

const DERIVATIVE: [&str; 6] = [
    "find the derivative of",
    "the derivative of",
    "derivative of",
    "differentiate",
    "find the derivative",
    "derivative",
];
const INTEGRAL: [&str; 10] = [
    "find the indefinite integral of",
    "find the integral of",
    "find the antiderivative of",
    "the indefinite integral of",
    "the integral of",
    "the antiderivative of",
    "indefinite integral of",
    "integral of",
    "antiderivative of",
    "integrate",
];
const LEADS: [&str; 22] = [
    "solve the system",
    "solve the equation",
    "solve the inequality",
    "for which values of x is",
    "for what values of x is",
    "for which x is",
    "for what x is",
    "solve",
    "simplify",
    "evaluate",
    "calculate",
    "compute",
    "find the value of",
    "what is the value of",
    "what is",
    "what's",
    "work out",
    "determine",
    "find",
    "the value of",
    "value of",
    // "If 5x = 35, what is x?": the condition, its request taken off.
    "if",
];

enum Mode {
    Plain,
    Derivative(Option<String>),
    Integral,
}

/// Strips `prefix` (a whole word or phrase, case-insensitive) from the start.
fn strip_prefix(chars: &[char], prefix: &str) -> Option<usize> {
    let p: Vec<char> = prefix.chars().collect();
    if chars.len() < p.len() {
        return None;
    }
    let head: String = chars[..p.len()].iter().collect::<String>().to_lowercase();
    let boundary = chars.get(p.len()).is_none_or(|c| !c.is_alphanumeric()) || prefix == "∫";
    (head == prefix && boundary).then_some(p.len())
}

fn skip(chars: &[char], base: usize, n: usize) -> (&[char], usize) {
    let rest = &chars[n..];
    let ws = rest
        .iter()
        .position(|c| !c.is_whitespace() && *c != ':' && *c != ',')
        .unwrap_or(rest.len());
    (&rest[ws..], base + n + ws)
}

/// `text` without a closing sentence that only asks for the unknown ("2x + 3 = 11. What is x?",
/// "x/3 = 5 - x. Solve it."), which says no more than an equation does on its own.
pub(crate) fn without_closing_request(text: &str) -> &str {
    let trimmed = text.trim_end_matches(['?', '.', '!', ' ']);
    // The request is the last sentence, or the last clause after a comma ("If 5x = 35, what
    // is x?", "e^x = 1, find x").
    let Some(at) = [". ", ", "]
        .iter()
        .filter_map(|end| trimmed.rfind(end))
        .max()
    else {
        return text;
    };
    let request = trimmed[at + 2..].trim().to_lowercase();
    let asks_for_the_unknown = LEADS.iter().any(|lead| {
        request
            .strip_prefix(lead)
            .is_some_and(|rest| names_the_unknown(rest.trim()))
    });
    if asks_for_the_unknown {
        trimmed[..at].trim_end()
    } else {
        text
    }
}

/// Nothing, "it", "x", "for x", "the value of x", "the solutions", "x and y": what a request
/// to solve names when it names only the unknown.
fn names_the_unknown(rest: &str) -> bool {
    let letter = |w: &str| w.chars().count() == 1 && w.chars().all(char::is_alphabetic);
    let rest = rest.strip_prefix("for ").unwrap_or(rest);
    let rest = [
        "the values of ",
        "the value of ",
        "the value ",
        "all values of ",
    ]
    .iter()
    .find_map(|of| rest.strip_prefix(of))
    .unwrap_or(rest);
    match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] | ["it"] | ["the" | "all", "solution" | "solutions" | "answer" | "roots"] => true,
        [v] => letter(v),
        [v, "and", w] => letter(v) && letter(w),
        _ => false,
    }
}

/// `for x:`, `x:` or `x if` after "solve" or "find": the unknown is named, then the problem.
fn strip_unknown(chars: &[char], base: usize) -> (&[char], usize) {
    let (mut chars, mut base) = (chars, base);
    let named_with_for = match strip_prefix(chars, "for") {
        Some(n) => {
            (chars, base) = skip(chars, base, n);
            true
        }
        None => false,
    };
    if let [v, rest @ ..] = chars
        && v.is_alphabetic()
        && rest.first().is_none_or(|c| !c.is_alphabetic())
    {
        let after: String = rest.iter().collect::<String>().to_lowercase();
        let after = after.trim_start();
        for joiner in [":", ",", "if ", "when ", "given ", "such that ", "in "] {
            if after.starts_with(joiner) {
                let consumed = rest.len() - after.chars().count() + joiner.chars().count();
                return skip(chars, base, 1 + consumed);
            }
        }
        if named_with_for {
            return skip(chars, base, 1);
        }
    }
    (chars, base)
}

/// Reads a problem, recognising the calculus phrasings and ignoring leading instructions; a
/// problem in words that [`crate::reading`] rewrites is read in the solver's notation.
pub fn read_problem(text: &str) -> Result<ReadProblem, ParseError> {
    crate::parser::check_length(text)?;
    read_typed(text).or_else(|error| {
        let notation = crate::reading::notation(text).ok_or_else(|| error.clone())?;
        // A rewritten phrasing may say what its unknown stands for (`x + (x + 12) = 50, where
        // x is the smaller number`): the equations are read, the whole set-up is narrated.
        let mut read = read_typed(&crate::SetUp::read(&notation).notation).map_err(|_| error)?;
        read.reading = Some(notation);
        Ok(read)
    })
}

/// Reads a problem typed in the solver's notation.
fn read_typed(text: &str) -> Result<ReadProblem, ParseError> {
    let all: Vec<char> = text.chars().collect();
    let (mut chars, mut base) = skip(&all, 0, 0);
    while matches!(chars.last(), Some('?' | '.' | ' ')) {
        chars = &chars[..chars.len() - 1];
    }
    let asked = without_closing_request(&chars.iter().collect::<String>())
        .chars()
        .count();
    chars = &chars[..asked];
    let decimals = chars
        .windows(2)
        .any(|w| w[0] == '.' && w[1].is_ascii_digit());
    let mut mode = Mode::Plain;
    'outer: loop {
        if let Some(head) = split_head(&chars.iter().collect::<String>()) {
            let (var, approach, body) = head.map_err(|message| ParseError {
                position: base,
                message,
            })?;
            let body = crate::parser::parse_expression(&body)?;
            return Ok(ReadProblem {
                problem: Problem::Limit(Limit {
                    var,
                    approach,
                    body,
                }),
                decimals,
                reading: None,
            });
        }
        for p in DERIVATIVE {
            if let Some(n) = strip_prefix(chars, p) {
                (chars, base) = skip(chars, base, n);
                mode = Mode::Derivative(None);
                break 'outer;
            }
        }
        for p in INTEGRAL {
            if let Some(n) = strip_prefix(chars, p) {
                (chars, base) = skip(chars, base, n);
                mode = Mode::Integral;
                break 'outer;
            }
        }
        if let ['d', '/', 'd', v, rest @ ..] = chars
            && v.is_alphabetic()
            && rest.first().is_none_or(|c| !c.is_alphabetic())
        {
            mode = Mode::Derivative(Some(v.to_string()));
            (chars, base) = skip(chars, base, 4);
            // "d/dx of x^3"
            if let Some(n) = strip_prefix(chars, "of") {
                (chars, base) = skip(chars, base, n);
            }
            break;
        }
        if chars.first() == Some(&'∫') {
            (chars, base) = skip(chars, base, 1);
            mode = Mode::Integral;
            break;
        }
        for p in LEADS {
            if let Some(n) = strip_prefix(chars, p) {
                (chars, base) = skip(chars, base, n);
                if matches!(p, "solve" | "find") {
                    (chars, base) = strip_unknown(chars, base);
                }
                continue 'outer;
            }
        }
        break;
    }
    let problem = match mode {
        Mode::Plain => match read_statement(&chars.iter().collect::<String>(), false)
            .map_err(|e| shift(e, base))?
        {
            Statement::Expression(e) => Problem::Expression(e),
            Statement::Condition(c) => Problem::Condition(c),
            Statement::Values(_) | Statement::Point(_) => {
                return Err(ParseError {
                    position: base,
                    message: "a list of values is not a problem".into(),
                });
            }
        },
        Mode::Derivative(var) => {
            let (body_chars, body_base, named) = calculus_body(chars, base);
            let body = parse_chars(body_chars, body_base)?;
            let var = var.or(named).unwrap_or_else(|| only_variable(&body));
            Problem::Expression(Expr::derivative(&var, body))
        }
        Mode::Integral => {
            if chars
                .iter()
                .collect::<String>()
                .to_lowercase()
                .contains(" from ")
            {
                return Err(ParseError {
                    position: base,
                    message: "definite integrals are not read here".into(),
                });
            }
            let (body_chars, body_base, named) = calculus_body(chars, base);
            let (body, differential) = parse_integrand(body_chars, body_base)?;
            let var = differential
                .or(named)
                .unwrap_or_else(|| only_variable(&body));
            Problem::Expression(Expr::integral(&var, body))
        }
    };
    Ok(ReadProblem {
        problem,
        decimals,
        reading: None,
    })
}

fn shift(mut e: ParseError, base: usize) -> ParseError {
    e.position += base;
    e
}

/// The variable of a one-variable expression, `x` otherwise.
fn only_variable(e: &Expr) -> String {
    let vars = e.variables();
    match vars.len() {
        1 => vars.into_iter().next().unwrap_or_else(|| "x".into()),
        _ => "x".into(),
    }
}

/// Strips `f(x) =` in front and `with respect to x` behind a calculus body.
fn calculus_body(chars: &[char], base: usize) -> (&[char], usize, Option<String>) {
    let mut chars = chars;
    let mut base = base;
    let mut named = None;
    let text: String = chars.iter().collect::<String>().to_lowercase();
    for suffix in [" with respect to ", " wrt ", " w.r.t. "] {
        if let Some(at) = text.rfind(suffix) {
            let byte_to_char = text[..at].chars().count();
            let var: String = text[at + suffix.len()..].trim().to_string();
            if var.chars().count() == 1 {
                named = Some(var);
                chars = &chars[..byte_to_char];
            }
            break;
        }
    }
    if let Some(eq) = chars.iter().position(|c| *c == '=') {
        let head: String = chars[..eq].iter().collect();
        let head = head.trim();
        let label = head.chars().count() <= 5
            && head.chars().next().is_some_and(char::is_alphabetic)
            && !head.contains(['+', '-', '*', '^']);
        if label {
            (chars, base) = skip(chars, base, eq + 1);
        }
    }
    (chars, base, named)
}
