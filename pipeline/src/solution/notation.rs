//! From the typed notation of solutions (`2x + 3 = 11`, `d/dx(x^3)`, `x = 2 or x = 3`) to
//! what a slide and a voice need: Typst math pieces, with what a step changed marked, and
//! sentences a speech engine reads as mathematics. The text is read by the solver's own
//! scanner ([`lectern_solver::scan`]), so a formula splits here as the checker splits it.

use lectern_solver::{Lexeme, scan};

use crate::storyboard::MathPart;

/// Names Typst math knows as operators, functions or symbols.
const TYPST_NAMES: &[&str] = &[
    "sin", "cos", "tan", "sec", "csc", "cot", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
    "ln", "log", "exp", "lim", "max", "min", "det", "gcd", "mod", "abs", "sqrt", "pi", "alpha",
    "beta", "gamma", "delta", "epsilon", "theta", "lambda", "mu", "sigma", "omega", "phi", "rho",
    "tau", "infinity",
];

/// Words shown as upright text rather than as products of variables.
const TEXT_WORDS: &[&str] = &[
    "or", "and", "no", "not", "real", "all", "is", "of", "in", "if", "for", "the", "any", "are",
];

fn is_text_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    TEXT_WORDS.contains(&lower.as_str())
        || (word.len() >= 4 && !TYPST_NAMES.contains(&lower.as_str()))
}

fn is_operand_end(token: Option<&Lexeme>) -> bool {
    match token {
        Some(Lexeme::Number(_) | Lexeme::Word(_) | Lexeme::Close(_)) => true,
        Some(Lexeme::Symbol(op)) => op == "!" || op == "'",
        _ => false,
    }
}

/// Typed notation as Typst math: `d/dx` becomes a fraction of differentials, words become
/// upright text, `*` a dot; nothing of it can run code (`#` and `$` are dropped).
pub fn typst_math(text: &str) -> String {
    let tokens = scan(text);
    let mut out = String::new();
    let mut words: Vec<String> = Vec::new();
    let flush = |out: &mut String, words: &mut Vec<String>| {
        if !words.is_empty() {
            let text = words.join(" ").replace(['\\', '"'], "");
            if text == "or" || text == "and" {
                out.push_str(&format!(" quad \"{text}\" quad "));
            } else {
                out.push_str(&format!(" \" {text} \" "));
            }
            words.clear();
        }
    };
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match token {
            Lexeme::Word(word) if is_text_word(word) => {
                words.push(word.clone());
                i += 1;
                continue;
            }
            Lexeme::Space if !words.is_empty() => {
                i += 1;
                continue;
            }
            _ => flush(&mut out, &mut words),
        }
        match token {
            Lexeme::Space => out.push(' '),
            Lexeme::Number(n) => push_atom(&mut out, n),
            Lexeme::Word(word) => {
                let next_is = |k: usize, t: &Lexeme| tokens.get(i + k) == Some(t);
                let differential = |w: &str| w.len() == 2 && w.starts_with('d');
                if word == "d"
                    && next_is(1, &Lexeme::Symbol("/".into()))
                    && matches!(tokens.get(i + 2), Some(Lexeme::Word(w)) if differential(w))
                {
                    let Some(Lexeme::Word(var)) = tokens.get(i + 2) else {
                        unreachable!()
                    };
                    push_atom(&mut out, &format!("(dif)/(dif {})", &var[1..]));
                    i += 3;
                    continue;
                }
                if differential(word) && i > 0 {
                    push_atom(&mut out, &format!("dif {}", &word[1..]));
                } else if TYPST_NAMES.contains(&word.as_str()) {
                    if word == "sqrt" && !next_is(1, &Lexeme::Open('(')) {
                        out.push('√');
                    } else {
                        push_atom(&mut out, word);
                    }
                } else {
                    // A product of variables: `ac` is a times c.
                    let spaced: Vec<String> = word.chars().map(String::from).collect();
                    push_atom(&mut out, &spaced.join(" "));
                }
            }
            Lexeme::Symbol(op) => out.push_str(match op.as_str() {
                "*" | "×" | "·" | "⋅" => " dot ",
                "**" => "^",
                "±" => " plus.minus ",
                "∓" => " minus.plus ",
                "∫" => " integral ",
                "−" => "-",
                ";" => ", quad ",
                "≤" => " <= ",
                "≥" => " >= ",
                "&" | "#" | "$" | "\\" | "\"" | "@" | "~" | "`" => "",
                other => other,
            }),
            Lexeme::Open('{') => out.push_str("\\{"),
            Lexeme::Close('}') => out.push_str("\\}"),
            Lexeme::Open(c) | Lexeme::Close(c) => out.push(*c),
        }
        i += 1;
    }
    flush(&mut out, &mut words);
    let collapsed: Vec<&str> = out.split_whitespace().collect();
    let math = collapsed.join(" ");
    if math.is_empty() { "\"\"".into() } else { math }
}

/// Appends an atom, with a space where it would otherwise run into the previous name or
/// number (Typst reads `ab` as one name).
fn push_atom(out: &mut String, atom: &str) {
    let joins = out.chars().last().is_some_and(char::is_alphanumeric)
        && atom.chars().next().is_some_and(char::is_alphanumeric);
    let after_digit = out.chars().last().is_some_and(|c| c.is_ascii_digit())
        && atom.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
    if joins && !after_digit {
        out.push(' ');
    }
    out.push_str(atom);
}

/// Typed text as upright text in math, for a line the converter could not make lay out.
pub fn typst_text(text: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| !matches!(c, '"' | '\\' | '#' | '$'))
        .collect();
    format!("\"{}\"", clean.trim())
}

/// A piece of a line: its source text, and whether it is a separator (`=`, `;`, `or`).
#[derive(Debug, Clone, PartialEq)]
struct Piece {
    text: String,
    separator: bool,
}

fn is_relation(token: &Lexeme) -> bool {
    match token {
        Lexeme::Symbol(op) => {
            ["=", "<", ">", "≤", "≥", "≠", "<=", ">=", "!=", ",", ";"].contains(&op.as_str())
        }
        Lexeme::Word(w) => w == "or" || w == "and",
        _ => false,
    }
}

fn render(tokens: &[Lexeme]) -> String {
    let mut text = String::new();
    for token in tokens {
        match token {
            Lexeme::Number(s) | Lexeme::Word(s) | Lexeme::Symbol(s) => text.push_str(s),
            Lexeme::Open(c) | Lexeme::Close(c) => text.push(*c),
            Lexeme::Space => text.push(' '),
        }
    }
    text
}

/// A line split at its top-level relations into sides, and each side into terms (a term
/// keeps its sign).
fn sides(text: &str) -> Vec<Vec<Piece>> {
    let tokens = scan(text);
    let mut result: Vec<Vec<Piece>> = Vec::new();
    let mut side: Vec<Piece> = Vec::new();
    let mut term: Vec<Lexeme> = Vec::new();
    let mut depth = 0i32;
    let mut previous: Option<Lexeme> = None;
    let push_term = |side: &mut Vec<Piece>, term: &mut Vec<Lexeme>| {
        let text = render(term);
        if !text.trim().is_empty() {
            side.push(Piece {
                text,
                separator: false,
            });
        }
        term.clear();
    };
    for token in tokens {
        match &token {
            Lexeme::Open(_) => depth += 1,
            Lexeme::Close(_) => depth -= 1,
            _ => {}
        }
        if depth == 0 && is_relation(&token) {
            push_term(&mut side, &mut term);
            result.push(std::mem::take(&mut side));
            result.push(vec![Piece {
                text: render(std::slice::from_ref(&token)),
                separator: true,
            }]);
            previous = Some(token);
            continue;
        }
        let sign = matches!(&token, Lexeme::Symbol(op) if op == "+" || op == "-" || op == "−");
        if depth == 0 && sign && is_operand_end(previous.as_ref()) {
            push_term(&mut side, &mut term);
        }
        if token != Lexeme::Space {
            previous = Some(token.clone());
        }
        term.push(token);
    }
    push_term(&mut side, &mut term);
    result.push(side);
    result
}

fn normal(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The line `after` as Typst math pieces, with what is new compared with `before`
/// highlighted: a side that changed has its new terms marked, or the whole side when every
/// term is new. With no `before`, nothing is marked.
pub fn line_parts(before: Option<&str>, after: &str) -> Vec<MathPart> {
    let new_sides = sides(after);
    let old_sides = before.map(sides).unwrap_or_default();
    let old_values: Vec<&Vec<Piece>> = old_sides
        .iter()
        .filter(|s| !s.first().is_some_and(|p| p.separator))
        .collect();
    let new_value_count = new_sides
        .iter()
        .filter(|s| !s.first().is_some_and(|p| p.separator))
        .count();
    let mut parts: Vec<MathPart> = Vec::new();
    let mut value_index = 0;
    for side in &new_sides {
        if side.first().is_some_and(|p| p.separator) {
            parts.push(MathPart {
                math: format!(" {} ", typst_math(&side[0].text)),
                highlight: false,
            });
            continue;
        }
        let side_text: String = side.iter().map(|p| p.text.as_str()).collect();
        let counterpart = if before.is_none() {
            None
        } else if old_values.len() == new_value_count {
            old_values.get(value_index).copied()
        } else {
            old_values.iter().copied().find(|old| {
                normal(&old.iter().map(|p| p.text.as_str()).collect::<String>())
                    == normal(&side_text)
            })
        };
        value_index += 1;
        let marks: Vec<bool> = match (before, counterpart) {
            (None, _) => vec![false; side.len()],
            (Some(_), None) => vec![true; side.len()],
            (Some(_), Some(old)) => {
                let mut remaining: Vec<String> = old.iter().map(|p| normal(&p.text)).collect();
                let marks: Vec<bool> = side
                    .iter()
                    .map(
                        |p| match remaining.iter().position(|o| *o == normal(&p.text)) {
                            Some(k) => {
                                remaining.remove(k);
                                false
                            }
                            None => true,
                        },
                    )
                    .collect();
                if marks.iter().all(|m| *m) && side.len() > 1 {
                    vec![true; side.len()]
                } else {
                    marks
                }
            }
        };
        if !marks.is_empty() && marks.iter().all(|m| *m) {
            parts.push(MathPart {
                math: typst_math(&side_text),
                highlight: true,
            });
            continue;
        }
        for (piece, mark) in side.iter().zip(marks) {
            parts.push(MathPart {
                math: typst_math(&piece.text),
                highlight: mark,
            });
        }
    }
    parts.retain(|p| !p.math.trim().is_empty() && p.math.trim() != "\"\"");
    if parts.is_empty() {
        parts.push(MathPart {
            math: typst_math(after),
            highlight: false,
        });
    }
    parts
}

/// A sentence with its mathematics written out as words for the voice: `x^2 - 5x = 0`
/// becomes "x squared minus 5x equals 0".
pub fn speak(text: &str) -> String {
    let tokens = scan(text);
    let mut out: Vec<String> = Vec::new();
    let mut previous: Option<&Lexeme> = None;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        let next = tokens.get(i + 1);
        match token {
            Lexeme::Space => {}
            Lexeme::Number(n) => {
                let glued = matches!(previous, Some(Lexeme::Number(_)))
                    || matches!(out.last(), Some(last) if last.ends_with('-'));
                if glued {
                    let last = out.pop().unwrap_or_default();
                    out.push(format!("{last}{n}"));
                } else {
                    out.push(n.clone());
                }
            }
            Lexeme::Word(word) => {
                let glue_number = matches!(previous, Some(Lexeme::Number(_)))
                    && i > 0
                    && tokens[i - 1] != Lexeme::Space;
                let hyphenated =
                    matches!(out.last(), Some(last) if last.ends_with('-') || last.ends_with('\''));
                let spoken = match word.as_str() {
                    "sqrt" => "the square root of".to_string(),
                    "pi" => "pi".to_string(),
                    "dx" | "dy" | "dt" => format!("d {}", &word[1..]),
                    _ => word.clone(),
                };
                if (glue_number || hyphenated) && !spoken.contains(' ') {
                    let last = out.pop().unwrap_or_default();
                    out.push(format!("{last}{spoken}"));
                } else {
                    out.push(spoken);
                }
            }
            Lexeme::Symbol(op) => {
                // After a prose word ("add to -5") a minus is a sign, after a variable an operation.
                let binary = match previous {
                    Some(Lexeme::Word(w)) => w.len() == 1,
                    other => is_operand_end(other),
                };
                let spoken: Option<String> = match op.as_str() {
                    "=" => Some("equals".into()),
                    "+" => Some("plus".into()),
                    "-" | "−" => {
                        // A hyphen inside a word (x-axis) stays a hyphen.
                        let in_word = i > 0
                            && tokens[i - 1] != Lexeme::Space
                            && matches!(next, Some(Lexeme::Word(w)) if w.len() > 1)
                            && matches!(previous, Some(Lexeme::Word(_)));
                        if in_word {
                            let last = out.pop().unwrap_or_default();
                            out.push(format!("{last}-"));
                            None
                        } else if binary {
                            Some("minus".into())
                        } else if matches!(next, Some(Lexeme::Number(_))) {
                            out.push("-".into());
                            None
                        } else {
                            Some("minus".into())
                        }
                    }
                    "*" | "×" | "·" | "⋅" => Some("times".into()),
                    "**" => Some("to the power".into()),
                    "/" => {
                        if matches!(previous, Some(Lexeme::Word(w)) if w == "d") {
                            Some("by".into())
                        } else {
                            Some("over".into())
                        }
                    }
                    "^" => match (next, tokens.get(i + 2)) {
                        (Some(Lexeme::Number(n)), _) if n == "2" => {
                            i += 1;
                            Some("squared".into())
                        }
                        (Some(Lexeme::Number(n)), _) if n == "3" => {
                            i += 1;
                            Some("cubed".into())
                        }
                        _ => Some("to the power".into()),
                    },
                    "±" => Some("plus or minus".into()),
                    "∓" => Some("minus or plus".into()),
                    "≠" | "!=" => Some("is not equal to".into()),
                    "<" => Some("is less than".into()),
                    ">" => Some("is greater than".into()),
                    "≤" | "<=" => Some("is at most".into()),
                    "≥" | ">=" => Some("is at least".into()),
                    "∫" => Some("the integral of".into()),
                    "√" => Some("the square root of".into()),
                    "->" | "→" => Some("to".into()),
                    // An apostrophe in a word (let's) is not a prime (f'(x)).
                    "'" if matches!(previous, Some(Lexeme::Word(w)) if w.len() > 1)
                        && matches!(next, Some(Lexeme::Word(_))) =>
                    {
                        let last = out.pop().unwrap_or_default();
                        out.push(format!("{last}'"));
                        None
                    }
                    // A prime follows its function at once (f'(x), y''); any other ' is a
                    // quote mark, which is not read out (issue 54: "prime x squared ...").
                    "'" if i > 0
                        && matches!(&tokens[i - 1], Lexeme::Word(w) if w.chars().count() == 1)
                        || matches!(tokens.get(i.wrapping_sub(1)), Some(Lexeme::Symbol(p)) if p == "'")
                            && i >= 2
                            && matches!(&tokens[i - 2], Lexeme::Word(w) if w.chars().count() == 1) =>
                    {
                        Some("prime".into())
                    }
                    "'" => None,
                    "!" if binary && !matches!(next, None | Some(Lexeme::Space)) => {
                        Some("factorial".into())
                    }
                    "_" | "\\" | "#" | "$" | "&" | "`" | "~" => None,
                    other => {
                        let last = out.pop().unwrap_or_default();
                        out.push(format!("{last}{other}"));
                        None
                    }
                };
                if let Some(spoken) = spoken {
                    out.push(spoken);
                }
            }
            Lexeme::Open(_) | Lexeme::Close(_) => {}
        }
        if *token != Lexeme::Space {
            previous = Some(token);
        }
        i += 1;
    }
    let sentence = out
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    sentence
        .replace(" ,", ",")
        .replace(" .", ".")
        .replace(" ?", "?")
        .replace(" :", ":")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(parts: &[MathPart]) -> Vec<String> {
        parts
            .iter()
            .filter(|p| p.highlight)
            .map(|p| p.math.trim().to_string())
            .collect()
    }

    #[test]
    fn notation_becomes_typst_math() {
        assert_eq!(typst_math("2x + 3 = 11"), "2x + 3 = 11");
        assert_eq!(typst_math("d/dx(x^3 + 2x)"), "(dif)/(dif x)(x^3 + 2x)");
        assert_eq!(typst_math("∫ 3x^2 dx"), "integral 3x^2 dif x");
        assert_eq!(typst_math("x = 2 or x = 3"), "x = 2 quad \"or\" quad x = 3");
        assert_eq!(typst_math("no real solutions"), "\" no real solutions \"");
        assert_eq!(typst_math("b^2 - 4ac"), "b^2 - 4a c");
        assert_eq!(typst_math("x = 1 ± sqrt(2)"), "x = 1 plus.minus sqrt(2)");
        assert_eq!(
            typst_math("x + y = 3; x - y = 1"),
            "x + y = 3, quad x - y = 1"
        );
        assert_eq!(typst_math("#let $x$"), "l e t x");
        assert_eq!(typst_math("{2, 3}"), "\\{2, 3\\}");
    }

    #[test]
    fn what_a_step_changed_is_highlighted() {
        let parts = line_parts(Some("2x + 3 = 11"), "2x = 8");
        assert_eq!(marked(&parts), ["8"]);
        let parts = line_parts(Some("2x = 8"), "x = 4");
        assert_eq!(marked(&parts), ["x", "4"]);
        let parts = line_parts(Some("x^2 - 5x + 6 = 0"), "(x - 2)(x - 3) = 0");
        assert_eq!(marked(&parts), ["(x - 2)(x - 3)"]);
        let parts = line_parts(Some("3(x - 1) = 2x + 4"), "3x - 3 = 2x + 4");
        assert_eq!(marked(&parts), ["3x - 3"]);
        let parts = line_parts(Some("(x - 2)(x - 3) = 0"), "x - 2 = 0 or x - 3 = 0");
        assert_eq!(marked(&parts), ["x - 2", "x - 3"]);
        assert!(marked(&line_parts(None, "2x + 3 = 11")).is_empty());
        let parts = line_parts(Some("5x - 7 = 3x + 9"), "2x - 7 = 9");
        assert_eq!(marked(&parts), ["2x", "9"]);
    }

    #[test]
    fn mathematics_is_spoken_in_words() {
        assert_eq!(speak("2x + 3 = 11"), "2x plus 3 equals 11");
        assert_eq!(
            speak("x^2 - 5x + 6 = 0"),
            "x squared minus 5x plus 6 equals 0"
        );
        assert_eq!(
            speak("-2 and -3 multiply to 6 and add to -5, so they give the two factors."),
            "-2 and -3 multiply to 6 and add to -5, so they give the two factors."
        );
        assert_eq!(speak("the x-axis"), "the x-axis");
        assert_eq!(
            speak("Let's solve f'(x) = 0"),
            "Let's solve f prime x equals 0"
        );
        assert_eq!(speak("x + y = 3; x = 1"), "x plus y equals 3; x equals 1");
        assert_eq!(speak("y'' = 2"), "y prime prime equals 2");
        assert_eq!(
            speak("The check rejects it: 'x^2 - 1 over x - 1' is undefined at 1"),
            "The check rejects it: x squared minus 1 over x minus 1 is undefined at 1"
        );
        assert_eq!(
            speak("x = 1 ± sqrt(2)"),
            "x equals 1 plus or minus the square root of 2"
        );
        assert_eq!(
            speak("3/4 + 1/3 = 13/12."),
            "3 over 4 plus 1 over 3 equals 13 over 12."
        );
    }
}
