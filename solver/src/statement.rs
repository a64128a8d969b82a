//! Reads a whole line of a step or an answer: equations and inequalities joined by `;`, `and`,
//! `or` or commas, `±`, solution sets `{2, 3}`, points `(1, 2)`, intervals `[2, 3)` and their
//! unions, and phrases such as "no real solutions".

use crate::expr::Expr;
use crate::parse_error::ParseError;
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
    /// `a < b <= c`: each neighbouring pair in its relation (`relations` has one fewer item).
    Ineq(Vec<Expr>, Vec<Rel>),
    /// Interval notation, `(-inf, 2) ∪ [3, 5]`: the unknown lies in one of the intervals.
    Intervals(Vec<Interval>),
}

/// An order relation between two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    Lt,
    Le,
    Gt,
    Ge,
    Ne,
}

impl Rel {
    pub fn symbol(self) -> &'static str {
        match self {
            Rel::Lt => "<",
            Rel::Le => "<=",
            Rel::Gt => ">",
            Rel::Ge => ">=",
            Rel::Ne => "!=",
        }
    }
}

/// One end of an interval: `None` is infinite.
#[derive(Debug, Clone, PartialEq)]
pub struct End {
    pub value: Option<Expr>,
    pub closed: bool,
}

/// An interval of the real line.
#[derive(Debug, Clone, PartialEq)]
pub struct Interval {
    pub low: End,
    pub high: End,
}

impl std::fmt::Display for Condition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let joined = |items: &[Condition], sep: &str| {
            items
                .iter()
                .map(Condition::to_string)
                .collect::<Vec<_>>()
                .join(sep)
        };
        match self {
            Condition::Eq(parts) => {
                let parts: Vec<String> = parts.iter().map(Expr::to_string).collect();
                write!(f, "{}", parts.join(" = "))
            }
            Condition::Ineq(parts, rels) => {
                write!(f, "{}", parts[0])?;
                for (part, rel) in parts[1..].iter().zip(rels) {
                    write!(f, " {} {part}", rel.symbol())?;
                }
                Ok(())
            }
            Condition::All(items) => write!(f, "{}", joined(items, "; ")),
            Condition::Any(items) => write!(f, "{}", joined(items, " or ")),
            Condition::NoSolution => write!(f, "no solution"),
            Condition::Infinite => write!(f, "all real numbers"),
            Condition::Intervals(intervals) => {
                let shown: Vec<String> = intervals
                    .iter()
                    .map(|i| {
                        let end = |e: &End, inf: &str| {
                            e.value.as_ref().map_or(inf.to_string(), Expr::to_string)
                        };
                        format!(
                            "{}{}, {}{}",
                            if i.low.closed { '[' } else { '(' },
                            end(&i.low, "-inf"),
                            end(&i.high, "inf"),
                            if i.high.closed { ']' } else { ')' },
                        )
                    })
                    .collect();
                write!(f, "{}", shown.join(" ∪ "))
            }
        }
    }
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
        if let Some(intervals) = self.intervals(chars, base)? {
            return Ok(Statement::Condition(Condition::Intervals(intervals)));
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
        let relations = relations(chars);
        if relations.iter().any(|(_, _, r)| r.is_some()) {
            return self.inequality(chars, base, &relations);
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

/// Top-level `=` (`None`) and order relations, each as `(index, width, relation)`.
fn relations(chars: &[char]) -> Vec<(usize, usize, Option<Rel>)> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        let found = match (chars[i], next) {
            ('(' | '[' | '{', _) => {
                depth += 1;
                None
            }
            (')' | ']' | '}', _) => {
                depth -= 1;
                None
            }
            _ if depth != 0 => None,
            ('<', Some('=')) | ('=', Some('<')) => Some((2, Some(Rel::Le))),
            ('>', Some('=')) | ('=', Some('>')) => Some((2, Some(Rel::Ge))),
            ('!', Some('=')) => Some((2, Some(Rel::Ne))),
            ('<', _) => Some((1, Some(Rel::Lt))),
            ('>', _) => Some((1, Some(Rel::Gt))),
            ('≤' | '⩽', _) => Some((1, Some(Rel::Le))),
            ('≥' | '⩾', _) => Some((1, Some(Rel::Ge))),
            ('≠', _) => Some((1, Some(Rel::Ne))),
            ('=', _) => Some((1, None)),
            _ => None,
        };
        match found {
            Some((width, rel)) => {
                out.push((i, width, rel));
                i += width;
            }
            None => i += 1,
        }
    }
    out
}

/// `inf`, `∞`, `infinity` or `oo` with an optional sign: `Some(true)` for plus infinity.
pub fn infinity(text: &str) -> Option<bool> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.to_lowercase().replace('−', "-");
    let (positive, rest) = match t.strip_prefix('-') {
        Some(rest) => (false, rest),
        None => (true, t.strip_prefix('+').unwrap_or(&t)),
    };
    matches!(rest, "inf" | "infinity" | "∞" | "oo").then_some(positive)
}

impl Reader {
    /// `2x + 3 < 11` or `-1 < x <= 3`.
    fn inequality(
        &self,
        chars: &[char],
        base: usize,
        relations: &[(usize, usize, Option<Rel>)],
    ) -> Result<Statement, ParseError> {
        let mut parts = Vec::new();
        let mut rels = Vec::new();
        let mut start = 0;
        for (at, width, rel) in relations {
            let Some(rel) = rel else {
                return Err(error(base + at, "'=' and an inequality cannot be mixed"));
            };
            parts.push(self.side(&chars[start..*at], base + start)?);
            rels.push(*rel);
            start = at + width;
        }
        parts.push(self.side(&chars[start..], base + start)?);
        Ok(Statement::Condition(Condition::Ineq(parts, rels)))
    }

    fn side(&self, chars: &[char], base: usize) -> Result<Expr, ParseError> {
        let (p, b) = trim(chars, base);
        if p.is_empty() {
            return Err(error(b, "one side of the inequality is empty"));
        }
        parse_chars(p, b)
    }

    /// Interval notation: `[2, 3)`, `(-inf, 4)`, `(-∞, 2) ∪ (3, ∞)`, `x ∈ [0, 1]`. A lone
    /// `(2, 3)` is left to be read as a point unless the problem decides otherwise.
    fn intervals(&self, chars: &[char], base: usize) -> Result<Option<Vec<Interval>>, ParseError> {
        let (mut chars, mut base) = (chars, base);
        let mut named = false;
        if let [v, rest @ ..] = chars
            && v.is_alphabetic()
        {
            let after: String = rest.iter().collect();
            let trimmed = after.trim_start();
            let skipped = rest.len() - trimmed.chars().count();
            for word in ["∈", "in "] {
                if trimmed.starts_with(word) {
                    (chars, base) = trim(&chars[1 + skipped + word.chars().count()..], base);
                    named = true;
                    break;
                }
            }
            if !named {
                return Ok(None);
            }
        }
        let union = |c: &[char], i: usize| {
            if c[i] == '∪' {
                return Some(1);
            }
            word_sep("U")(c, i).or_else(|| word_sep("u")(c, i))
        };
        let pieces = split_top(chars, base, &union);
        let mut intervals = Vec::new();
        let mut marked = named || pieces.len() > 1;
        for (piece, b) in pieces {
            let (piece, b) = trim(piece, b);
            let (Some(open), Some(close)) = (piece.first(), piece.last()) else {
                return Ok(None);
            };
            if !matches!(open, '(' | '[')
                || !matches!(close, ')' | ']')
                || closes_at(piece) != Some(piece.len() - 1)
                || piece.contains(&'=')
            {
                return Ok(None);
            }
            let ends = split_top(&piece[1..piece.len() - 1], b + 1, &char_sep(&[',']));
            let [(low, lb), (high, hb)] = ends.as_slice() else {
                return Ok(None);
            };
            let low_text: String = low.iter().collect();
            let high_text: String = high.iter().collect();
            let (low_inf, high_inf) = (infinity(&low_text), infinity(&high_text));
            marked |= *open == '[' || *close == ']' || low_inf.is_some() || high_inf.is_some();
            let end = |text: &[char], at: usize, inf: Option<bool>, closed: bool| {
                Ok::<_, ParseError>(match inf {
                    Some(_) => End {
                        value: None,
                        closed: false,
                    },
                    None => End {
                        value: Some(self.side(text, at)?),
                        closed,
                    },
                })
            };
            if low_inf == Some(true) || high_inf == Some(false) {
                return Err(error(b, "an interval runs from -inf up to inf"));
            }
            intervals.push(Interval {
                low: end(low, *lb, low_inf, *open == '[')?,
                high: end(high, *hb, high_inf, *close == ']')?,
            });
        }
        Ok(marked.then_some(intervals))
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
