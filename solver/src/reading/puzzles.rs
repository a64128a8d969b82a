//! Number puzzles and values in words, read into the solver's notation: two numbers from
//! their sum and difference, two ages, a run of consecutive numbers, a number that is a
//! multiple of another, and an expression evaluated at a value.

/// Two numbers from their sum and their difference, however the two are said: "The sum of
/// two numbers is 30 and their difference is 4", "Two numbers add up to 50 and one is 12
/// more than the other", "Two numbers have a total of 20 and differ by 6": `x + y = 30;
/// x - y = 4`, or, when the smaller (larger) one is asked for, `x + (x + 4) = 30, where x is
/// the smaller number`.
pub(super) fn sum_and_difference(s: &str) -> Option<String> {
    if !s.contains("two numbers") {
        return None;
    }
    // "one is 12 more than the other": the amount just before the comparison.
    let number_before = |key: &str| {
        let at = s.find(key)?;
        s[..at].split_whitespace().next_back().and_then(number_word)
    };
    let sum = SUMS.into_iter().find_map(|key| number_after(s, key))?;
    let difference = ["difference", "differ by"]
        .into_iter()
        .find_map(|key| number_after(s, key))
        .or_else(|| {
            [
                " more than the other",
                " greater than the other",
                " larger than the other",
                " bigger than the other",
                " less than the other",
                " smaller than the other",
            ]
            .into_iter()
            .find_map(number_before)
        })?;
    // Asked for one of them, the set-up names that one; asked for both, it is a system.
    let asks = |words: &[&str]| words.iter().any(|w| s.contains(w));
    Some(if asks(&["the smaller", "the smallest", "the lesser"]) {
        format!("x + (x + {difference}) = {sum}, where x is the smaller number")
    } else if asks(&["the larger", "the largest", "the bigger", "the greater"]) {
        format!("x + (x - {difference}) = {sum}, where x is the larger number")
    } else {
        format!("x + y = {sum}; x - y = {difference}")
    })
}

/// Two ages from their difference and their total: "Ann is 6 years older than Ben, and
/// together they are 40. How old is Ben?" is `b + (b + 6) = 40, where b is Ben's age`.
pub(super) fn ages(s: &str) -> Option<String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let name = |w: &str| w.trim_matches(|c: char| !c.is_alphabetic()).to_string();
    let at = words
        .iter()
        .position(|w| matches!(w.trim_matches(','), "older" | "younger"))?;
    // "A is N years older than B"
    let [first, "is", n, "years" | "year", _, "than", second] =
        words.get(at.checked_sub(4)?..=at + 2)?
    else {
        return None;
    };
    let difference = number_word(n)?;
    let (first, second) = (name(first), name(second));
    if first.is_empty() || second.is_empty() || first == second {
        return None;
    }
    let older = words[at].starts_with("older");
    let total = [
        "together they are ",
        "their ages add up to ",
        "sum of their ages is ",
        "total of their ages is ",
        "their combined age is ",
        "together are ",
    ]
    .iter()
    .find_map(|key| number_after(s, key))?;
    // What is asked: how old one of them is (the question after the last comma or stop).
    let question = &s[s.rfind("how old").or_else(|| s.rfind("what is"))?..];
    let asks = |who: &str| question.contains(who);
    let (letter, who, other_sign) = match (asks(&first), asks(&second)) {
        (false, true) => (
            second.chars().next()?,
            second.clone(),
            if older { "+" } else { "-" },
        ),
        (true, false) => (
            first.chars().next()?,
            first.clone(),
            if older { "-" } else { "+" },
        ),
        _ => return None,
    };
    let letter = letter.to_ascii_lowercase();
    if !letter.is_ascii_alphabetic() || matches!(letter, 'e' | 'i') {
        return None;
    }
    Some(format!(
        "{letter} + ({letter} {other_sign} {difference}) = {total}, where {letter} is {}'s age",
        capitalised(&who)
    ))
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A number written with digits, as the solver reads it ("72", "-4", "2.5").
fn number_word(word: &str) -> Option<String> {
    let word = word
        .trim_matches(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .trim_end_matches('.');
    word.parse::<f64>().is_ok().then(|| word.to_string())
}

/// The first number written with digits after `key`.
fn number_after(s: &str, key: &str) -> Option<String> {
    let at = s.find(key)? + key.len();
    s[at..]
        .split_whitespace()
        .find(|w| w.chars().any(|c| c.is_ascii_digit()))
        .and_then(number_word)
}

/// How many a small count says, in words or digits: "three", "3".
fn count_word(word: &str) -> Option<usize> {
    let named = ["", "one", "two", "three", "four", "five"];
    named
        .iter()
        .position(|n| *n == word)
        .or_else(|| word.parse().ok())
}

const SUMS: [&str; 5] = ["sum", "add up to", "adds up to", "total of", "total is"];
const UNKNOWNS: [&str; 5] = ["x", "y", "z", "w", "v"];

/// "The sum of three consecutive integers is 72": `x + y + z = 72; y = x + 1; z = x + 2` (odd
/// or even ones two apart), or the smallest alone when only it is asked for.
pub(super) fn consecutive(s: &str) -> Option<String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "consecutive")?;
    let count = count_word(words.get(at.checked_sub(1)?)?).filter(|n| (2..=5).contains(n))?;
    let gap = match words.get(at + 1) {
        Some(&"even" | &"odd") => 2,
        _ => 1,
    };
    let sum = SUMS.into_iter().find_map(|key| number_after(s, key))?;
    // Numbers that are no such run ("two consecutive even numbers add up to 41": 19.5 and
    // 21.5) are left to the model, which can say so.
    let total: i64 = sum.parse().ok()?;
    let offsets = (gap * count * (count - 1) / 2) as i64;
    let smallest = total.checked_sub(offsets)?;
    let parity_ok = match words.get(at + 1) {
        Some(&"even") => smallest.rem_euclid(2) == 0,
        Some(&"odd") => smallest.rem_euclid(2) == 1,
        _ => true,
    };
    if smallest % count as i64 != 0 || !parity_ok {
        return None;
    }
    let names = &UNKNOWNS[..count];
    if ["the smallest", "the smaller", "the first", "the least"]
        .iter()
        .any(|w| s.contains(w))
    {
        let terms: Vec<String> = (0..count)
            .map(|i| match i * gap {
                0 => "x".to_string(),
                k => format!("(x + {k})"),
            })
            .collect();
        return Some(format!(
            "{} = {sum}, where x is the smallest number",
            terms.join(" + ")
        ));
    }
    let mut equations = vec![format!("{} = {sum}", names.join(" + "))];
    for (i, name) in names.iter().enumerate().skip(1) {
        equations.push(format!("{name} = x + {}", i * gap));
    }
    Some(equations.join("; "))
}

/// "One number is three times another and their sum is 48": `x = 3y; x + y = 48` (or with
/// their difference, `x - y = 24`).
pub(super) fn multiple_of_another(s: &str) -> Option<String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let times = words.iter().position(|w| *w == "times" || *w == "twice")?;
    // "is three times another", "is twice the other": nothing added to the multiple ("is 5
    // more than three times another").
    let (factor, is_at) = match words[times] {
        "twice" => ("2".to_string(), times.checked_sub(1)?),
        _ => {
            let before = words.get(times.checked_sub(1)?)?;
            let factor = count_word(before)
                .map(|n| n.to_string())
                .or_else(|| number_word(before))?;
            (factor, times.checked_sub(2)?)
        }
    };
    if words.get(is_at) != Some(&"is") {
        return None;
    }
    let after_times = &s[s.find(words[times])?..];
    let names_other = ["another", "the other", "the second", "the smaller"]
        .iter()
        .any(|other| after_times.contains(other));
    if !names_other || !s.contains("number") {
        return None;
    }
    let sum = SUMS.into_iter().find_map(|key| number_after(s, key));
    let difference = ["difference", "differ by"]
        .into_iter()
        .find_map(|key| number_after(s, key));
    match (sum, difference) {
        (Some(sum), None) => Some(format!("x = {factor}y; x + y = {sum}")),
        (None, Some(difference)) => Some(format!("x = {factor}y; x - y = {difference}")),
        _ => None,
    }
}

/// A number as a value is given: `3`, `-1`, `2.5`, `1/2`.
fn value_word(word: &str) -> Option<&str> {
    let word = word.trim_end_matches([',', '.', ';']);
    let body = word.strip_prefix('-').unwrap_or(word);
    let ok = !body.is_empty()
        && body.starts_with(|c: char| c.is_ascii_digit())
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '/')
        && !body.ends_with(['.', '/']);
    ok.then_some(word)
}

/// `body` with every use of the one-letter variable `var` replaced by `(value)`: `2x + 1`
/// with x = 3 is `2(3) + 1`. A letter inside a word (`exp`, `sqrt`) is not the variable.
fn substitute(body: &str, var: char, value: &str) -> String {
    let chars: Vec<char> = body.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let letter_beside = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|c| c.is_alphabetic())
        };
        if c == var && !letter_beside(i.checked_sub(1)) && !letter_beside(Some(i + 1)) {
            // `sqrt(x)` is `sqrt(9)`, not `sqrt((9))`.
            let bracketed = i > 0 && chars[i - 1] == '(' && chars.get(i + 1) == Some(&')');
            if bracketed {
                out.push_str(value);
            } else {
                out.push_str(&format!("({value})"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

const EVALUATE: [&str; 8] = [
    "evaluate ",
    "find the value of ",
    "what is the value of ",
    "what is ",
    "calculate ",
    "compute ",
    "work out ",
    "find ",
];

/// An expression evaluated at a value: "Evaluate 2x + 1 when x = 3", "If x = 3, what is 2x +
/// 1?", "If f(x) = x^2 + 3x, find f(2)", "What is f(3) if f(x) = 2x - 1?": the expression
/// with the value put in, `2(3) + 1`, which the arithmetic then works.
pub(super) fn evaluated(s: &str) -> Option<String> {
    let (body, var, value) = function_value(s).or_else(|| value_of_variable(s))?;
    let body = super::phrases(body.trim());
    // Only the variable may be a letter of it (besides functions' names).
    if body.chars().any(|c| c == '=' || c == '<' || c == '>') {
        return None;
    }
    let put_in = substitute(&body, var, value);
    // What is left must be a number to work out: no other unknown ("2x + y when x = 3").
    let parsed = crate::parser::parse_expression(&put_in).ok()?;
    parsed.variables().is_empty().then_some(put_in)
}

/// "f(x) = BODY ... f(N)": the body, the variable and the value.
fn function_value(s: &str) -> Option<(&str, char, &str)> {
    let at = s.find("(x) = ").or_else(|| s.find("(t) = "))?;
    let name = s[..at].chars().last().filter(char::is_ascii_alphabetic)?;
    let var = s[at + 1..].chars().next()?;
    let start = at + "(x) = ".len();
    let rest = &s[start..];
    let end = [". ", ", ", " find ", " what ", " and "]
        .iter()
        .filter_map(|w| rest.find(w))
        .min()
        .unwrap_or(rest.len());
    let body = &rest[..end];
    // The value asked for: `f(2)` elsewhere in the words.
    let call = format!("{name}(");
    let value = s
        .match_indices(&call)
        .filter(|(i, _)| *i != at - name.len_utf8())
        .find_map(|(i, _)| {
            let inside = &s[i + call.len()..];
            let close = inside.find(')')?;
            value_word(&inside[..close])
        })?;
    Some((body, var, value))
}

/// "EXPR when x = N", "if x = N, what is EXPR": the expression, the variable and the value.
fn value_of_variable(s: &str) -> Option<(&str, char, &str)> {
    for given in [" when ", " if ", " for ", " at ", " where ", "if "] {
        let Some(at) = s.find(given) else { continue };
        let after = &s[at + given.len()..];
        let mut words = after.split_whitespace();
        let (Some(var), Some("="), Some(value)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        let mut letters = var.chars();
        let (Some(var), None) = (letters.next(), letters.next()) else {
            continue;
        };
        if !var.is_alphabetic() {
            continue;
        }
        let value = value_word(value)?;
        // One value for the variable ("when x = 3 and x = 4" gives two).
        if s.matches(&format!(" {var} = ")).count() + usize::from(after.starts_with(var)) > 2 {
            return None;
        }
        let body = if at == 0 {
            // "if x = 3, what is 2x + 1": the expression after the question.
            let asked = after.split_once(", ")?.1;
            EVALUATE.iter().find_map(|lead| asked.strip_prefix(lead))?
        } else {
            // "evaluate 2x + 1 when x = 3": the expression before the value.
            let head = &s[..at];
            EVALUATE
                .iter()
                .find_map(|lead| head.strip_prefix(lead))
                .unwrap_or(head)
        };
        return Some((body, var, value));
    }
    None
}
