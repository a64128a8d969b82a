//! Turns typed mathematics into tokens, accepting the usual keyboard and Unicode spellings.

use crate::expr::{Constant, Func};
use crate::parse_error::ParseError;
use crate::rational::Rational;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Num(Rational),
    Var(String),
    Func(Func),
    Const(Constant),
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    Open(char),
    Close(char),
    Pipe,
    Integral,
    /// `d/dx`, carrying the variable.
    DerivOp(String),
    /// `log_2`, `log_{2}` or `log2`: a logarithm to this base.
    LogBase(Rational),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    /// Character index of the first character in the whole input.
    pub pos: usize,
    /// Character index just past the last character.
    pub end: usize,
}

const WORDS: [&str; 9] = ["sqrt", "sin", "cos", "tan", "ln", "log", "exp", "abs", "pi"];

/// Short English words that are never products of one-letter variables in typed mathematics.
const PROSE: [&str; 16] = [
    "or", "and", "the", "is", "of", "to", "if", "for", "are", "was", "how", "why", "what", "find",
    "let", "then",
];

/// Tokenises `chars`, whose first character sits at index `base` of the whole input.
pub(crate) fn tokenize(chars: &[char], base: usize) -> Result<Vec<Token>, ParseError> {
    let mut out = Vec::new();
    let mut i = 0;
    let push = |out: &mut Vec<Token>, tok: Tok, start: usize, end: usize| {
        out.push(Token {
            tok,
            pos: base + start,
            end: base + end,
        });
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i < chars.len() && chars[i] == '.' {
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let text: String = chars[start..i].iter().collect();
            let value = Rational::from_decimal(&text).map_err(|_| ParseError {
                position: base + start,
                message: format!("the number {text} is too long"),
            })?;
            push(&mut out, Tok::Num(value), start, i);
        } else if let Some(var) = derivative_operator(&chars[i..]) {
            push(&mut out, Tok::DerivOp(var), i, i + 4);
            i += 4;
        } else if let Some((base, width)) = log_base(&chars[i..]) {
            let tok = match base {
                Some(b) => Tok::LogBase(b),
                None => Tok::Func(Func::Ln),
            };
            push(&mut out, tok, i, i + width);
            i += width;
        } else if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_alphabetic() {
                i += 1;
            }
            split_letters(&chars[start..i], base + start, &mut out)?;
        } else {
            let (tok, width) = match (c, chars.get(i + 1)) {
                ('*', Some('*')) => (Tok::Caret, 2),
                ('+', _) => (Tok::Plus, 1),
                ('-' | '−' | '–', _) => (Tok::Minus, 1),
                ('*' | '×' | '·' | '⋅', _) => (Tok::Star, 1),
                ('/' | '÷', _) => (Tok::Slash, 1),
                ('^', _) => (Tok::Caret, 1),
                ('(' | '[' | '{', _) => (Tok::Open(c), 1),
                (')' | ']' | '}', _) => (Tok::Close(c), 1),
                ('|', _) => (Tok::Pipe, 1),
                ('∫', _) => (Tok::Integral, 1),
                ('√', _) => (Tok::Func(Func::Sqrt), 1),
                ('²' | '³', _) => {
                    push(&mut out, Tok::Caret, i, i);
                    let n = if c == '²' { 2 } else { 3 };
                    (Tok::Num(Rational::integer(n)), 1)
                }
                _ => {
                    return Err(ParseError {
                        position: base + i,
                        message: format!("unexpected character '{c}'"),
                    });
                }
            };
            push(&mut out, tok, i, i + width);
            i += width;
        }
    }
    Ok(out)
}

/// `log_2`, `log_{10}`, `log_(3)`, `log2` or `log_e` before an argument: the base (`None` for
/// `e`) and the width.
fn log_base(chars: &[char]) -> Option<(Option<Rational>, usize)> {
    let head: String = chars.iter().take(3).collect::<String>().to_lowercase();
    if head != "log" {
        return None;
    }
    let mut i = 3;
    let underscore = chars.get(i) == Some(&'_');
    if underscore {
        i += 1;
    }
    if underscore && chars.get(i) == Some(&'e') {
        return Some((None, i + 1));
    }
    let close = match chars.get(i) {
        Some('{') if underscore => Some('}'),
        Some('(') if underscore => Some(')'),
        _ => None,
    };
    if close.is_some() {
        i += 1;
    }
    let start = i;
    while chars
        .get(i)
        .is_some_and(|c| c.is_ascii_digit() || *c == '.')
    {
        i += 1;
    }
    if i == start {
        return None;
    }
    let digits: String = chars[start..i].iter().collect();
    if let Some(close) = close {
        if chars.get(i) != Some(&close) {
            return None;
        }
        i += 1;
    } else if !underscore && chars.get(i).is_some_and(|c| !matches!(c, '(' | ' ')) {
        return None;
    }
    let base = Rational::from_decimal(&digits).ok()?;
    Some((Some(base), i))
}

/// Recognises `d/dx` (exactly four characters, not followed by another letter).
fn derivative_operator(chars: &[char]) -> Option<String> {
    match chars {
        ['d', '/', 'd', v, rest @ ..]
            if v.is_alphabetic() && rest.first().is_none_or(|c| !c.is_alphabetic()) =>
        {
            Some(v.to_string())
        }
        _ => None,
    }
}

/// Splits a run of letters into function names, constants and one-letter variables (`2xy` is
/// `2 * x * y`); a long run that is no known word is refused, as it is probably prose.
fn split_letters(run: &[char], base: usize, out: &mut Vec<Token>) -> Result<(), ParseError> {
    let lower: String = run.iter().collect::<String>().to_lowercase();
    if PROSE.contains(&lower.as_str()) {
        return Err(ParseError {
            position: base,
            message: format!("'{lower}' is a word, not part of a formula"),
        });
    }
    let lower: Vec<char> = lower.chars().collect();
    let mut i = 0;
    let mut streak = 0;
    while i < run.len() {
        let word = WORDS.iter().find(|w| {
            let w: Vec<char> = w.chars().collect();
            lower.len() == run.len() && lower[i..].starts_with(&w)
        });
        let (tok, width) = match word {
            Some(w) => match Func::from_name(w) {
                Some(f) => (Tok::Func(f), w.len()),
                None => (Tok::Const(Constant::Pi), w.len()),
            },
            None => match run[i] {
                'π' => (Tok::Const(Constant::Pi), 1),
                'e' => (Tok::Const(Constant::E), 1),
                c => (Tok::Var(c.to_string()), 1),
            },
        };
        streak = if word.is_none() { streak + 1 } else { 0 };
        if streak >= 4 {
            let text: String = run.iter().collect();
            return Err(ParseError {
                position: base,
                message: format!("'{text}' is not a mathematical expression"),
            });
        }
        out.push(Token {
            tok,
            pos: base + i,
            end: base + i + width,
        });
        i += width;
    }
    Ok(())
}
