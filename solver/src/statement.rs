//! Reads a whole line of a step or an answer: equations joined by `;`, `and`, `or` or commas,
//! `±`, solution sets `{2, 3}`, points `(1, 2)`, and phrases such as "no real solutions".

use crate::ParseError;
use crate::expr::Expr;
use crate::parser::parse_chars;

/// Equations and how they combine.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// `a = b = c`: every neighbouring pair is equal.
    Eq(Vec<Expr>),
    All(Vec<Condition>),
    Any(Vec<Condition>),
    NoSolution,
    /// "infinitely many solutions" or "all real numbers".
    Infinite,
}

/// What a line of mathematics says.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    Expression(Expr),
    Condition(Condition),
    /// A bare list of values, `{2, 3}` or `2, 3`: the solutions of a one-variable problem.
    Values(Vec<Expr>),
    /// `(1, 2)`: values for the problem's variables in alphabetical order.
    Point(Vec<Expr>),
}

const NO_SOLUTION: [&str; 7] = [
    "no real solution",
    "no solution",
    "no real root",
    "no roots",
    "∅",
    "empty set",
    "no real number",
];
const INFINITE: [&str; 5] = [
    "infinitely many",
    "all real numbers",
    "every real number",
    "any real number",
    "all real values",
];
const LEAD_WORDS: [&str; 7] = [
    "answer:",
    "solution:",
    "solutions:",
    "therefore",
    "thus",
    "hence",
    "so",
];

/// Reads `text`. With `labels`, a leading `f'(x) =`, `y =` or `dy/dx =` is dropped.
pub fn read_statement(text: &str, labels: bool) -> Result<Statement, ParseError> {
    crate::parser::check_length(text)?;
    let chars: Vec<char> = text.chars().collect();
    Reader { labels }.statement(&chars, 0)
}

struct Reader {
    labels: bool,
}

fn trim(chars: &[char], base: usize) -> (&[char], usize) {
    let start = chars
        .iter()
        .position(|c| !c.is_whitespace())
        .unwrap_or(chars.len());
    let end = chars
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(start, |e| e + 1);
    (&chars[start..end], base + start)
}

fn error(position: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        position,
        message: message.into(),
    }
}

/// Splits at top-level occurrences of `sep` (outside brackets); each piece keeps its offset.
fn split_top<'a>(
    chars: &'a [char],
    base: usize,
    sep: &dyn Fn(&[char], usize) -> Option<usize>,
) -> Vec<(&'a [char], usize)> {
    let mut pieces = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    while i < chars.len() {
        match chars[i] {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if depth == 0
            && let Some(width) = sep(chars, i)
        {
            pieces.push((&chars[start..i], base + start));
            i += width;
            start = i;
            continue;
        }
        i += 1;
    }
    pieces.push((&chars[start..], base + start));
    pieces
}

fn char_sep(targets: &'static [char]) -> impl Fn(&[char], usize) -> Option<usize> {
    move |chars: &[char], i: usize| targets.contains(&chars[i]).then_some(1)
}

/// Matches a whole word such as `or` surrounded by spaces.
fn word_sep(word: &'static str) -> impl Fn(&[char], usize) -> Option<usize> {
    move |chars: &[char], i: usize| {
        let w: Vec<char> = word.chars().collect();
        let fits = chars[i..].starts_with(&w)
            && i > 0
            && chars[i - 1].is_whitespace()
            && chars.get(i + w.len()).is_some_and(|c| c.is_whitespace());
        fits.then_some(w.len())
    }
}

/// The matching close bracket for the opening bracket at index 0.
fn closes_at(chars: &[char]) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in chars.iter().enumerate() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// `f(x)`, `f'(x)`, `y`, `y'`, `dy/dx`: names for the result rather than mathematics.
fn is_label(chars: &[char]) -> bool {
    let s: String = chars.iter().collect();
    let s = s.trim();
    let rest: Vec<char> = s.chars().collect();
    match rest.as_slice() {
        ['d', f, '/', 'd', v] => f.is_alphabetic() && v.is_alphabetic(),
        [name, tail @ ..] if name.is_alphabetic() => {
            let tail: Vec<char> = tail
                .iter()
                .copied()
                .skip_while(|c| matches!(c, '\'' | '′' | '"'))
                .collect();
            matches!(tail.as_slice(), [] | ['(', _, ')'])
        }
        _ => false,
    }
}

fn to_condition(statement: Statement, position: usize) -> Result<Condition, ParseError> {
    match statement {
        Statement::Condition(c) => Ok(c),
        _ => Err(error(position, "expected an equation here")),
    }
}

impl Reader {
    fn statement(&self, chars: &[char], base: usize) -> Result<Statement, ParseError> {
        let (mut chars, mut base) = trim(chars, base);
        if chars.last() == Some(&'.') {
            chars = &chars[..chars.len() - 1];
        }
        let lower: String = chars.iter().collect::<String>().to_lowercase();
        if NO_SOLUTION.iter().any(|p| lower.contains(p)) || lower == "{}" {
            return Ok(Statement::Condition(Condition::NoSolution));
        }
        if INFINITE.iter().any(|p| lower.contains(p)) {
            return Ok(Statement::Condition(Condition::Infinite));
        }
        for word in LEAD_WORDS {
            let w = word.chars().count();
            if lower.starts_with(word)
                && chars
                    .get(w)
                    .is_none_or(|c| !c.is_alphanumeric() || word.ends_with(':'))
            {
                (chars, base) = trim(&chars[w..], base + w);
                break;
            }
        }
        if chars.first() == Some(&'=') {
            // "= 2" continues the previous line.
            (chars, base) = trim(&chars[1..], base + 1);
        }
        if chars.is_empty() {
            return Err(error(base, "there is nothing to read"));
        }
        if let Some(set) = self.bracketed_list(chars, base, '{')? {
            return Ok(Statement::Values(set));
        }
        if let Some(point) = self.bracketed_list(chars, base, '(')? {
            return Ok(Statement::Point(point));
        }
        let lines = split_top(chars, base, &char_sep(&[';', '\n']));
        if lines.len() > 1 {
            return self.joined(lines, Condition::All);
        }
        let alternatives = split_top(chars, base, &word_sep("or"));
        if alternatives.len() > 1 {
            return self.joined(alternatives, Condition::Any);
        }
        let both = split_top(chars, base, &word_sep("and"));
        if both.len() > 1 {
            // "x = 2 and x = 3" lists two solutions; "x = 2 and y = 1" gives two unknowns.
            return Ok(match self.joined(both, Condition::All)? {
                Statement::Condition(Condition::All(items)) if same_variable_assigned(&items) => {
                    Statement::Condition(Condition::Any(items))
                }
                other => other,
            });
        }
        let items = split_top(chars, base, &char_sep(&[',']));
        if items.len() > 1 {
            return self.comma_list(items);
        }
        self.leaf(chars, base)
    }

    fn joined(
        &self,
        pieces: Vec<(&[char], usize)>,
        combine: fn(Vec<Condition>) -> Condition,
    ) -> Result<Statement, ParseError> {
        let conditions = pieces
            .into_iter()
            .filter(|(p, _)| p.iter().any(|c| !c.is_whitespace()))
            .map(|(p, b)| to_condition(self.statement(p, b)?, b))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Statement::Condition(combine(conditions)))
    }

    /// `{2, 3}` or `(1, 2)`: a bracket spanning the whole text holding a comma-separated list.
    fn bracketed_list(
        &self,
        chars: &[char],
        base: usize,
        open: char,
    ) -> Result<Option<Vec<Expr>>, ParseError> {
        if chars.first() != Some(&open) || closes_at(chars) != Some(chars.len() - 1) {
            return Ok(None);
        }
        let inner = &chars[1..chars.len() - 1];
        let items = split_top(inner, base + 1, &char_sep(&[',']));
        if inner.contains(&'=') || (open == '(' && items.len() < 2) {
            return Ok(None);
        }
        let mut values = Vec::new();
        for (item, b) in items {
            match self.leaf(item, b)? {
                Statement::Expression(e) => values.push(e),
                Statement::Values(vs) => values.extend(vs),
                _ => return Err(error(b, "expected a value")),
            }
        }
        Ok(Some(values))
    }

    /// `x = 2, x = 3` lists alternatives for one variable; `x = 1, y = 2` gives each variable.
    fn comma_list(&self, items: Vec<(&[char], usize)>) -> Result<Statement, ParseError> {
        let mut statements = Vec::new();
        for (item, b) in items {
            statements.push((self.statement(item, b)?, b));
        }
        if statements
            .iter()
            .all(|(s, _)| matches!(s, Statement::Expression(_) | Statement::Values(_)))
        {
            let mut values = Vec::new();
            for (s, _) in statements {
                match s {
                    Statement::Expression(e) => values.push(e),
                    Statement::Values(vs) => values.extend(vs),
                    _ => {}
                }
            }
            return Ok(Statement::Values(values));
        }
        // "x = 2, 3": the first item names the variable of the values that follow.
        let named = match statements.first() {
            Some((Statement::Condition(c), _)) => assigned_variable(c).cloned(),
            _ => None,
        };
        let mut conditions = Vec::new();
        for (s, b) in statements {
            conditions.push(match (s, &named) {
                (Statement::Expression(value), Some(var)) => {
                    Condition::Eq(vec![Expr::Var(var.clone()), value])
                }
                (s, _) => to_condition(s, b)?,
            });
        }
        Ok(Statement::Condition(
            if same_variable_assigned(&conditions) {
                Condition::Any(conditions)
            } else {
                Condition::All(conditions)
            },
        ))
    }

    /// One equation chain or expression, with `±` expanded into two alternatives.
    fn leaf(&self, chars: &[char], base: usize) -> Result<Statement, ParseError> {
        let (chars, base) = trim(chars, base);
        if let Some(i) = plus_minus(chars) {
            let (width, _) = i;
            let mut plus = chars.to_vec();
            let mut minus = chars.to_vec();
            let at = i.1;
            plus[at] = '+';
            minus[at] = '-';
            for k in 1..width {
                plus[at + k] = ' ';
                minus[at + k] = ' ';
            }
            return Ok(match (self.leaf(&plus, base)?, self.leaf(&minus, base)?) {
                (Statement::Condition(a), Statement::Condition(b)) => {
                    Statement::Condition(Condition::Any(vec![a, b]))
                }
                (a, b) => Statement::Values([values_of(a), values_of(b)].concat()),
            });
        }
        if let Some(i) = chars
            .iter()
            .position(|c| matches!(c, '<' | '>' | '≤' | '≥' | '≠'))
        {
            return Err(error(base + i, "inequalities are not supported"));
        }
        let mut parts = split_top(chars, base, &char_sep(&['=']));
        if self.labels && parts.len() > 1 && is_label(parts[0].0) {
            parts.remove(0);
        }
        let exprs = parts
            .into_iter()
            .map(|(p, b)| {
                let (p, b) = trim(p, b);
                if p.is_empty() {
                    Err(error(b, "one side of the '=' is empty"))
                } else {
                    parse_chars(p, b)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(match <[Expr; 1]>::try_from(exprs) {
            Ok([single]) => Statement::Expression(single),
            Err(chain) => Statement::Condition(Condition::Eq(chain)),
        })
    }
}

/// `(width, index)` of the first `±`, `+-` or `+/-`.
fn plus_minus(chars: &[char]) -> Option<(usize, usize)> {
    (0..chars.len()).find_map(|i| match &chars[i..] {
        ['±', ..] => Some((1, i)),
        ['+', '/', '-', ..] => Some((3, i)),
        ['+', '-', ..] => Some((2, i)),
        _ => None,
    })
}

fn values_of(statement: Statement) -> Vec<Expr> {
    match statement {
        Statement::Expression(e) => vec![e],
        Statement::Values(vs) | Statement::Point(vs) => vs,
        Statement::Condition(_) => Vec::new(),
    }
}

/// Whether every condition reads `v = ...` for one and the same `v`.
fn same_variable_assigned(conditions: &[Condition]) -> bool {
    let assigned: Vec<Option<&String>> = conditions.iter().map(assigned_variable).collect();
    assigned
        .first()
        .and_then(|v| *v)
        .is_some_and(|first| assigned.iter().all(|v| *v == Some(first)))
}

/// The variable `v` of an equation `v = ...`.
fn assigned_variable(c: &Condition) -> Option<&String> {
    match c {
        Condition::Eq(parts) => match parts.first() {
            Some(Expr::Var(v)) => Some(v),
            _ => None,
        },
        _ => None,
    }
}
