//! Problems as students write them: common phrasings turned into the solver's own notation
//! ("Find the limit of (x^2 - 1)/(x - 1) as x approaches 1" is `lim_(x->1) ((x^2 - 1)/(x - 1))`,
//! "log base 2 of (x + 1) = 3" is `log_2((x + 1)) = 3`). Deterministic and cheap: a few passes
//! over the text, no model. What comes out is only used when the parser then reads it.

mod puzzles;

/// The problem in the solver's notation, when a phrasing was recognised and rewritten.
pub(crate) fn notation(text: &str) -> Option<String> {
    let s = normalise(text);
    let written = limit(&s)
        .or_else(|| what_it_approaches(&s))
        .or_else(|| puzzles::sum_and_difference(&s))
        .or_else(|| puzzles::consecutive(&s))
        .or_else(|| puzzles::multiple_of_another(&s))
        .or_else(|| puzzles::ages(&s))
        .or_else(|| puzzles::evaluated(&s))
        .or_else(|| definite_integral(&s))
        .unwrap_or_else(|| phrases(&s));
    (written != s).then_some(written)
}

/// Lower case, single spaces, without a closing request for the unknown ("Solve it.") and the
/// closing question mark or full stop.
fn normalise(text: &str) -> String {
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let joined = crate::problem::without_closing_request(&joined);
    joined
        .trim_end_matches(['?', '.', '!'])
        .trim()
        .to_lowercase()
}

/// Everything from the first of `words` on, when one is there: "find the limit of" is
/// "limit of".
fn from_word<'a>(s: &'a str, words: &[&str]) -> Option<&'a str> {
    words
        .iter()
        .filter_map(|w| s.find(w).map(|at| &s[at..]))
        .max_by_key(|rest| rest.len())
}

const APPROACHES: [&str; 8] = [
    " approaches ",
    " tends towards ",
    " tends to ",
    " goes to ",
    " heads to ",
    " -> ",
    " → ",
    " gets close to ",
];

/// "limit of BODY as x approaches A" and "limit as x approaches A of BODY".
fn limit(s: &str) -> Option<String> {
    let rest = from_word(s, &["limit "])?;
    let rest = rest.strip_prefix("limit ")?.trim_start();
    if let Some(body_first) = rest.strip_prefix("of ") {
        let at = body_first.rfind(" as ")?;
        let (var, point) = approach(&body_first[at + 4..])?;
        let body = phrases(body_first[..at].trim());
        return Some(format!("lim_({var}->{point}) ({body})"));
    }
    let after_as = rest.strip_prefix("as ")?;
    let of = after_as.find(" of ")?;
    let (var, point) = approach(&after_as[..of])?;
    let body = phrases(after_as[of + 4..].trim());
    Some(format!("lim_({var}->{point}) ({body})"))
}

/// A limit asked without the word: "What does (2x + 1)/(x - 3) approach as x goes to
/// infinity?", "What happens to 1/x as x gets close to 0 from the right?", "... when x
/// approaches 3".
fn what_it_approaches(s: &str) -> Option<String> {
    let (at, joint) = [" as ", " when "]
        .iter()
        .filter_map(|j| s.rfind(j).map(|at| (at, j.len())))
        .max()?;
    let (question, approach_text) = (&s[..at], &s[at + joint..]);
    let body = ["what does ", "what value does ", "what happens to "]
        .iter()
        .find_map(|lead| question.strip_prefix(lead))?;
    let body = [" approach", " tend to", " get close to", " go to"]
        .iter()
        .find_map(|verb| body.strip_suffix(verb))
        .unwrap_or(body);
    // "as x gets very large", "as x grows without bound": at infinity.
    let unbounded = [
        "gets very large",
        "gets large",
        "grows without bound",
        "increases without bound",
        "becomes very large",
    ]
    .iter()
    .find_map(|w| approach_text.strip_suffix(w))
    .map(str::trim)
    .filter(|v| v.chars().count() == 1 && v.chars().all(char::is_alphabetic));
    let (var, point) = match unbounded {
        Some(v) => (v.to_string(), "inf".to_string()),
        None => approach(approach_text)?,
    };
    Some(format!("lim_({var}->{point}) ({})", phrases(body.trim())))
}

/// "x approaches 1 from the left": the variable and the point in the notation, `2^-`.
fn approach(text: &str) -> Option<(String, String)> {
    let text = format!(" {}", text.trim());
    let (var, point) = APPROACHES
        .iter()
        .find_map(|a| text.split_once(a))
        .map(|(v, p)| (v.trim().to_string(), p.trim().to_string()))?;
    if var.chars().count() != 1 || !var.chars().all(char::is_alphabetic) {
        return None;
    }
    let (point, side) = match [
        "from the left",
        "from below",
        "from the right",
        "from above",
    ]
    .iter()
    .find_map(|side| point.strip_suffix(side).map(|p| (p.trim(), *side)))
    {
        Some((p, side)) if side.ends_with("left") || side.ends_with("below") => (p, "^-"),
        Some((p, _)) => (p, "^+"),
        None => (point.as_str(), ""),
    };
    let point = match point {
        "infinity" | "positive infinity" | "∞" | "inf" | "+infinity" => "inf".to_string(),
        "negative infinity" | "minus infinity" | "-infinity" | "-∞" | "-inf" => {
            "-inf".to_string()
        }
        p if !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/' | ' ')) =>
        {
            p.replace(' ', "")
        }
        _ => return None,
    };
    Some((var, format!("{point}{side}")))
}

/// The words that start a definite integral; an area under a curve is one.
const INTEGRAL_WORDS: [&str; 3] = ["integrate ", "integral of ", "area under "];

/// "integrate x^2 from 0 to 3", "the integral of x^2 dx from 0 to 3" and "the area under
/// y = x squared between 0 and 3": `∫_0^3 (x^2) dx`.
fn definite_integral(s: &str) -> Option<String> {
    let rest = from_word(s, &INTEGRAL_WORDS)?;
    let rest = INTEGRAL_WORDS
        .iter()
        .find_map(|word| rest.strip_prefix(word))?;
    let (body, low, high) = match rest.rfind(" from ") {
        Some(at) => {
            let (low, high) = rest[at + 6..].split_once(" to ")?;
            (&rest[..at], low, high)
        }
        None => {
            let at = rest.rfind(" between ")?;
            let (low, high) = rest[at + 9..].split_once(" and ")?;
            (&rest[..at], low, high)
        }
    };
    let (high, var) = match high.split_once(" with respect to ") {
        Some((h, v)) => (h, v.trim().to_string()),
        None => (high, String::new()),
    };
    let (low, low_var) = bound(low)?;
    let (high, high_var) = bound(high)?;
    let body = curve(body.trim());
    let (body, differential) = match body.rsplit_once(" d") {
        Some((b, v)) if v.chars().count() == 1 && v.chars().all(char::is_alphabetic) => {
            (b.trim(), v.to_string())
        }
        _ => (body, var),
    };
    let var = [differential, low_var, high_var]
        .into_iter()
        .find(|v| !v.is_empty())
        .or_else(|| body.chars().find(|c| c.is_alphabetic()).map(String::from))
        .unwrap_or_else(|| "x".into());
    Some(format!("∫_{low}^{high} ({}) d{var}", phrases(body)))
}

/// A bound as a number, and the variable when it is named: "3" and "x = 3".
fn bound(text: &str) -> Option<(String, String)> {
    let text = text.trim();
    let (var, value) = match text.split_once('=') {
        Some((v, value)) => (v.trim().to_string(), value.trim()),
        None => (String::new(), text),
    };
    let plain = !value.is_empty()
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '/'));
    let named =
        var.is_empty() || (var.chars().count() == 1 && var.chars().all(char::is_alphabetic));
    (plain && named).then(|| (value.to_string(), var))
}

/// The function under "the area under": "the curve y = x^2", "the graph of f(x) = x^2" are
/// `x^2`.
fn curve(text: &str) -> &str {
    let text = ["the curve ", "the graph of ", "the graph ", "the line "]
        .iter()
        .find_map(|lead| text.strip_prefix(lead))
        .unwrap_or(text);
    match text.split_once('=') {
        Some((name, body))
            if name.trim().chars().count() == 1
                || name
                    .trim()
                    .strip_suffix(')')
                    .is_some_and(|f| f.contains('(')) =>
        {
            body.trim()
        }
        _ => text,
    }
}

/// Words for operations and functions replaced by their symbols, wherever they are.
fn phrases(s: &str) -> String {
    let mut out = s.to_string();
    for (from, to) in [
        (" is greater than or equal to ", " >= "),
        (" is less than or equal to ", " <= "),
        (" is at least ", " >= "),
        (" is at most ", " <= "),
        (" is greater than ", " > "),
        (" is less than ", " < "),
        (" is equal to ", " = "),
        (" equals ", " = "),
        (" plus ", " + "),
        (" minus ", " - "),
        (" multiplied by ", " * "),
        (" times ", " * "),
        (" divided by ", " / "),
        (" over ", " / "),
        (" raised to the power of ", "^"),
        (" to the power of ", "^"),
        (" to the power ", "^"),
        (" to the x ", "^x "),
        (" raised to ", "^"),
        (" squared", "^2"),
        (" cubed", "^3"),
    ] {
        out = out.replace(from, to);
    }
    out = nth_power(&out);
    out = fraction_of(&out);
    // "if 2^x is 64": a condition stated with "is".
    if let Some(condition) = out.strip_prefix("if ")
        && !condition.contains(['=', '<', '>'])
        && let Some((left, right)) = condition.split_once(" is ")
        && right.parse::<f64>().is_ok()
    {
        out = format!("{left} = {right}");
    }
    // "x^2 - x - 6 is negative" ("when is ... negative"): below zero.
    for (word, sign) in [(" negative", " < 0"), (" positive", " > 0")] {
        if let Some(head) = out.strip_suffix(word) {
            let head = head.strip_suffix(" is").unwrap_or(head);
            let head = head.strip_prefix("when is ").unwrap_or(head);
            if !head.contains(['=', '<', '>']) {
                out = format!("{head}{sign}");
            }
        }
    }
    // "dy/dx if y = 5x^2 + 3x": the derivative of the right side.
    for lead in [
        "dy/dx if y = ",
        "dy/dx of y = ",
        "dy/dx for y = ",
        "dy/dx when y = ",
        "differentiate y = ",
    ] {
        if let Some(at) = out.find(lead) {
            out = format!("d/dx ({})", &out[at + lead.len()..]);
        }
    }
    for (phrase, function) in [
        ("the natural logarithm of ", "ln"),
        ("the natural log of ", "ln"),
        ("natural logarithm of ", "ln"),
        ("natural log of ", "ln"),
        ("ln of ", "ln"),
        ("the square root of ", "sqrt"),
        ("square root of ", "sqrt"),
        ("sqrt of ", "sqrt"),
        ("the log of ", "log"),
        ("log of ", "log"),
    ] {
        out = wrap_argument(&out, phrase, function);
    }
    out = log_base(&out);
    // "the cube root of 27" is `(27)^(1/3)`.
    for phrase in ["the cube root of ", "cube root of "] {
        out = rewrite_argument(&out, phrase, |arg| format!("({arg})^(1/3)"));
    }
    // "solve 2x + 3 = 11 for x": the unknown named behind.
    if let Some(head) = out.strip_suffix(|c: char| c.is_alphabetic())
        && let Some(head) = head.strip_suffix(" for ")
        && head.contains(['=', '<', '>'])
    {
        out = head.to_string();
    }
    out
}

/// "3/4 of 64" is `3/4 * 64`: a fraction of an amount is their product.
fn fraction_of(s: &str) -> String {
    let digits = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let fraction = |w: &str| {
        w.split_once('/')
            .is_some_and(|(a, b)| digits(a) && digits(b))
    };
    let words: Vec<&str> = s.split(' ').collect();
    words
        .iter()
        .enumerate()
        .map(|(i, &word)| {
            let between = i > 0
                && fraction(words[i - 1])
                && words
                    .get(i + 1)
                    .is_some_and(|next| next.starts_with(|c: char| c.is_ascii_digit()));
            if word == "of" && between { "*" } else { word }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "x to the 4th power" and "x to the fourth" are `x^4`.
fn nth_power(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "to"
            && words.get(i + 1) == Some(&"the")
            && let Some(n) = words.get(i + 2).and_then(|w| ordinal(w))
            && let Some(last) = out.last_mut()
        {
            // "to the 4th power", or "to the fourth" alone.
            last.push_str(&format!("^{n}"));
            i += if words.get(i + 3) == Some(&"power") {
                4
            } else {
                3
            };
            continue;
        }
        out.push(words[i].to_string());
        i += 1;
    }
    out.join(" ")
}

/// "4th" is 4, "second" is 2.
fn ordinal(word: &str) -> Option<u32> {
    let named = [
        "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
        "ninth", "tenth",
    ];
    if let Some(n) = named.iter().position(|w| *w == word) {
        return Some(n as u32);
    }
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let suffix = &word[digits.len()..];
    matches!(suffix, "st" | "nd" | "rd" | "th")
        .then(|| digits.parse().ok())
        .flatten()
}

/// The argument after a phrase: a bracketed group, or the word that follows.
fn argument(rest: &str) -> (String, usize) {
    let trimmed = rest.trim_start();
    let skipped = rest.len() - trimmed.len();
    if trimmed.starts_with('(') {
        let mut depth = 0;
        for (i, c) in trimmed.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return (trimmed[1..i].to_string(), skipped + i + 1);
                    }
                }
                _ => {}
            }
        }
    }
    let end = trimmed
        .find(|c: char| c.is_whitespace() || matches!(c, '=' | '<' | '>' | ',' | ';'))
        .unwrap_or(trimmed.len());
    (trimmed[..end].to_string(), skipped + end)
}

/// "square root of 144" is `sqrt(144)`.
fn wrap_argument(s: &str, phrase: &str, function: &str) -> String {
    rewrite_argument(s, phrase, |arg| format!("{function}({arg})"))
}

/// Every `phrase` and the argument after it written as `written(argument)`.
fn rewrite_argument(s: &str, phrase: &str, written: impl Fn(&str) -> String) -> String {
    let mut out = s.to_string();
    while let Some(at) = out.find(phrase) {
        let (arg, used) = argument(&out[at + phrase.len()..]);
        if arg.is_empty() {
            break;
        }
        let end = at + phrase.len() + used;
        out = format!("{}{}{}", &out[..at], written(&arg), &out[end..]);
    }
    out
}

/// "log base 2 of (x + 1)" and "log to the base 2 of x" are `log_2(x + 1)`.
fn log_base(s: &str) -> String {
    let mut out = s.to_string();
    for phrase in [
        "the logarithm to the base ",
        "the log to the base ",
        "logarithm to the base ",
        "log to the base ",
        "the logarithm base ",
        "the log base ",
        "logarithm base ",
        "log base ",
    ] {
        while let Some(at) = out.find(phrase) {
            let after = &out[at + phrase.len()..];
            let Some(of) = after.find(" of ") else {
                return out;
            };
            let base = after[..of].trim();
            if base.is_empty() || !base.chars().all(|c| c.is_ascii_digit()) {
                return out;
            }
            let (arg, used) = argument(&after[of + 4..]);
            let end = at + phrase.len() + of + 4 + used;
            out = format!("{}log_{base}({arg}){}", &out[..at], &out[end..]);
        }
    }
    out
}

/// What Lectern makes of a problem before anything is charged: how it reads it, its kind,
/// whether the offline solver solves it, and a sentence for the student.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Reading {
    /// The problem in the solver's notation, or the set-up of a problem in words
    /// (`lim_(x->1) ((x^2 - 1)/(x - 1))`, `$60 - 25% of $60`); the text as typed when it was
    /// already in notation; empty when it was not read.
    pub reading: String,
    /// The kind's short name (`limit`, `inequality`, `word_problem`, `geometry`, ...).
    pub kind: String,
    /// Whether the offline solver solves it, every step checked.
    pub solvable: bool,
    /// "Lectern reads this as: ...", or what was not understood and how to write it.
    pub detail: String,
}

/// Reads a problem as a student wrote it. Deterministic, and well under a millisecond for
/// ordinary problems: it is the offline solver's own reading.
pub fn read(text: &str) -> Reading {
    let text = text.trim();
    match crate::solve(text) {
        Ok(solution) => {
            let reading = solution.reading.unwrap_or_else(|| text.to_string());
            Reading {
                detail: format!("Lectern reads this as: {reading}"),
                reading,
                kind: solution.kind.name().to_string(),
                solvable: true,
            }
        }
        Err(error) => {
            if let crate::SolveError::NeedsLanguageModel { reason } = &error
                && crate::problem::read_problem(text).is_err()
                && let Some(worked) = crate::solve::everyday::solve(text)
            {
                // Read, but the set-up leaves out an amount of the words (or changes its unit).
                return Reading {
                    detail: format!(
                        "Lectern could not use all of {}: {reason}. Ask for one thing and say \
                         what each amount is for, or leave out the amounts the question does \
                         not need.",
                        quoted(text)
                    ),
                    reading: worked.reading,
                    kind: worked.kind.name().to_string(),
                    solvable: false,
                };
            }
            let kind = crate::classify(text);
            let reading = crate::problem::read_problem(text)
                .map(|read| read.reading.unwrap_or_else(|| text.to_string()))
                .unwrap_or_default();
            Reading {
                detail: advice(text, &kind, &reading, &error),
                reading,
                kind: kind.name().to_string(),
                solvable: false,
            }
        }
    }
}

/// Whether `text` is already in the solver's notation, read without rewriting any words: a
/// language model has nothing to translate in it.
pub fn in_notation(text: &str) -> bool {
    crate::problem::read_problem(text).is_ok_and(|read| read.reading.is_none())
}

/// The longest reading [`accept_reading`] takes.
pub const READING_MAX_CHARS: usize = 300;

/// A reading of the student's `words` written by someone else (a language model that
/// translates words into the notation): accepted only when the solver reads it, it states a
/// problem rather than an answer, and it uses every amount of the words with the unit the
/// words give it. Otherwise the reason, in words the writer can act on.
///
/// ```
/// let words = "Ann is 4 years older than Ben, and together they are 30. How old is Ben?";
/// let reading = lectern_solver::accept_reading(words, "b + (b + 4) = 30").unwrap();
/// assert!(reading.solvable);
/// let left_out = lectern_solver::accept_reading(words, "b + b = 30").unwrap_err();
/// assert!(left_out.contains("does not use 4"), "{left_out}");
/// ```
///
/// The reading may write out its set-up (`b + (b + 4) = 30, where b is Ben's age (years)`,
/// [`crate::SetUp`]): each unknown must be a letter of the equations, and an amount of the
/// words the equations leave out must be named as not needed.
pub fn accept_reading(words: &str, reading: &str) -> Result<Reading, String> {
    let reading = reading.trim();
    if reading.is_empty() {
        return Err("the notation is empty".into());
    }
    if reading.chars().count() > READING_MAX_CHARS {
        return Err(format!(
            "the notation is longer than {READING_MAX_CHARS} characters"
        ));
    }
    let set_up = crate::SetUp::read(reading);
    if set_up.says_more()
        && let Some(problem) = set_up.problem()
    {
        return Err(problem);
    }
    let notation = set_up.notation.as_str();
    let solved = crate::solve(notation);
    match crate::problem::read_problem(notation) {
        Ok(read) if is_number(&read.problem) => {
            return Err(format!(
                "{notation} is a number, not the problem: write the problem itself, unsolved"
            ));
        }
        Err(error) if solved.is_err() => {
            return Err(format!(
                "{notation} is not in the calculator's notation ({error})"
            ));
        }
        _ => {}
    }
    if let Some(reason) =
        crate::solve::everyday::reading_problem(words, notation, &set_up.not_needed)
    {
        return Err(reason);
    }
    let written = set_up.written();
    let read_as = format!("Lectern reads this as: {written}");
    Ok(match solved {
        Ok(solution) => Reading {
            reading: written,
            kind: solution.kind.name().to_string(),
            solvable: true,
            detail: read_as,
        },
        Err(error) => {
            let kind = crate::classify(notation);
            let detail = match &error {
                crate::SolveError::Undefined { .. } => advice(notation, &kind, notation, &error),
                crate::SolveError::NeedsLanguageModel { .. } => read_as,
            };
            Reading {
                reading: written,
                kind: kind.name().to_string(),
                solvable: false,
                detail,
            }
        }
    })
}

/// A plain number (`12`, `-3/4`): an answer, not a problem.
fn is_number(problem: &crate::problem::Problem) -> bool {
    use crate::expr::Expr;
    match problem {
        crate::problem::Problem::Expression(Expr::Num(_)) => true,
        crate::problem::Problem::Expression(Expr::Neg(inner)) => matches!(**inner, Expr::Num(_)),
        _ => false,
    }
}

/// The problem as the student wrote it, shortened for a sentence.
fn quoted(text: &str) -> String {
    let short: String = text.chars().take(80).collect();
    if short.chars().count() < text.chars().count() {
        format!("\"{}...\"", short.trim_end())
    } else {
        format!("\"{short}\"")
    }
}

const EXAMPLES: &str = "for example \"Solve 2x + 3 = 11\", \"Solve x^2 - 5x + 6 > 0\", \
\"limit of (x^2 - 1)/(x - 1) as x approaches 1\", \"log base 2 of (x + 1) = 3\", \
\"What is 15% of 80?\" or \"area of a circle with radius 3 cm\"";

/// What was not understood, in the student's words, and how to write it so that it is.
pub(crate) fn advice(
    text: &str,
    kind: &crate::ProblemKind,
    reading: &str,
    error: &crate::SolveError,
) -> String {
    use crate::ProblemKind as K;
    if let crate::SolveError::Undefined { reason } = error {
        return format!("{} has no answer: {reason}.", quoted(text));
    }
    match kind {
        K::WordProblem | K::Geometry => format!(
            "Lectern understood {} as a problem in words, but not what to compute from it. \
             Give each amount with its unit and ask for one thing, for example \"A $60 jacket \
             is 25% off. What is the sale price?\" or \"Find the hypotenuse of a right \
             triangle with legs 6 and 8\".",
            quoted(text)
        ),
        K::NeedsLanguageModel { .. } if reading.is_empty() => format!(
            "Lectern could not read {} as mathematics it can solve. Write it as an equation, \
             an inequality or a question with numbers, {EXAMPLES}.",
            quoted(text)
        ),
        _ => {
            let why = match error {
                crate::SolveError::NeedsLanguageModel { reason } => reason.as_str(),
                crate::SolveError::Undefined { reason } => reason.as_str(),
            };
            format!(
                "Lectern reads {} as {reading}, but cannot solve it without a language model: \
                 {why}.",
                quoted(text)
            )
        }
    }
}
