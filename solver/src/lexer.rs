//! Turns typed mathematics into tokens, accepting the usual keyboard and Unicode spellings.

use std::ops::Range;

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
pub(crate) const PROSE: [&str; 16] = [
    "or", "and", "the", "is", "of", "to", "if", "for", "are", "was", "how", "why", "what", "find",
    "let", "then",
];

/// One run of typed text as the scanner sees it, before any meaning is given to it: the
/// solver's tokens are made from these, and so is the notation a slide or a voice shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lexeme {
    /// Digits with at most one decimal point: `12`, `0.5`, `.5`, `2.`.
    Number(String),
    /// A run of letters: `x`, `sqrt`, `ac`, `solutions`.
    Word(String),
    /// One other character, or one of the two-character operators `**`, `->`, `<=`, `>=`, `!=`.
    Symbol(String),
    Open(char),
    Close(char),
    /// A run of white space.
    Space,
}

/// Two-character operators read as one symbol.
const PAIRS: [&str; 5] = ["**", "->", "<=", ">=", "!="];

/// Scans `chars` into lexemes with their character ranges; nothing is refused and no
/// character is lost (white space runs become one [`Lexeme::Space`]).
pub fn scan_chars(chars: &[char]) -> Vec<(Lexeme, Range<usize>)> {
    let mut out = Vec::new();
    let mut i = 0;
    let digit_at = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    while i < chars.len() {
        let start = i;
        let c = chars[i];
        let lexeme = if c.is_whitespace() {
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            Lexeme::Space
        } else if c.is_ascii_digit() || (c == '.' && digit_at(i + 1)) {
            while digit_at(i) {
                i += 1;
            }
            if chars.get(i) == Some(&'.') {
                i += 1;
                while digit_at(i) {
                    i += 1;
                }
            }
            Lexeme::Number(chars[start..i].iter().collect())
        } else if c.is_alphabetic() {
            while chars.get(i).is_some_and(|c| c.is_alphabetic()) {
                i += 1;
            }
            Lexeme::Word(chars[start..i].iter().collect())
        } else {
            let pair: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            i += if PAIRS.contains(&pair.as_str()) { 2 } else { 1 };
            match c {
                '(' | '[' | '{' => Lexeme::Open(c),
                ')' | ']' | '}' => Lexeme::Close(c),
                _ => Lexeme::Symbol(chars[start..i].iter().collect()),
            }
        };
        out.push((lexeme, start..i));
    }
    out
}

/// The lexemes of `text`, without their ranges.
pub fn scan(text: &str) -> Vec<Lexeme> {
    let chars: Vec<char> = text.chars().collect();
    scan_chars(&chars)
        .into_iter()
        .map(|(lexeme, _)| lexeme)
        .collect()
}

/// Tokenises `chars`, whose first character sits at index `base` of the whole input.
pub(crate) fn tokenize(chars: &[char], base: usize) -> Result<Vec<Token>, ParseError> {
    let lexemes = scan_chars(chars);
    let mut out = Vec::new();
    let push = |out: &mut Vec<Token>, tok: Tok, range: Range<usize>| {
        out.push(Token {
            tok,
            pos: base + range.start,
            end: base + range.end,
        });
    };
    let mut k = 0;
    while k < lexemes.len() {
        let (lexeme, range) = &lexemes[k];
        let mut width = 1;
        match lexeme {
            Lexeme::Space => {}
            Lexeme::Number(text) => {
                let value = Rational::from_decimal(text).map_err(|_| ParseError {
                    position: base + range.start,
                    message: format!("the number {text} is too long"),
                })?;
                push(&mut out, Tok::Num(value), range.clone());
            }
            Lexeme::Word(word) => {
                let operator = derivative_operator(&lexemes[k..])
                    .map(|var| (Tok::DerivOp(var), 3))
                    .or_else(|| {
                        log_base(&lexemes[k..]).map(|(base, width)| match base {
                            Some(b) => (Tok::LogBase(b), width),
                            None => (Tok::Func(Func::Ln), width),
                        })
                    });
                match operator {
                    Some((tok, used)) => {
                        width = used;
                        let end = lexemes[k + used - 1].1.end;
                        push(&mut out, tok, range.start..end);
                    }
                    None => {
                        let run: Vec<char> = word.chars().collect();
                        split_letters(&run, base + range.start, &mut out)?;
                    }
                }
            }
            Lexeme::Open(c) => push(&mut out, Tok::Open(*c), range.clone()),
            Lexeme::Close(c) => push(&mut out, Tok::Close(*c), range.clone()),
            Lexeme::Symbol(symbol) => {
                let c = symbol.chars().next().unwrap_or_default();
                let tok = match symbol.as_str() {
                    "**" | "^" => Tok::Caret,
                    "+" => Tok::Plus,
                    "-" | "−" | "–" => Tok::Minus,
                    "*" | "×" | "·" | "⋅" => Tok::Star,
                    "/" | "÷" => Tok::Slash,
                    "|" => Tok::Pipe,
                    "∫" => Tok::Integral,
                    "√" => Tok::Func(Func::Sqrt),
                    "²" | "³" => {
                        push(&mut out, Tok::Caret, range.start..range.start);
                        Tok::Num(Rational::integer(if c == '²' { 2 } else { 3 }))
                    }
                    _ => {
                        return Err(ParseError {
                            position: base + range.start,
                            message: format!("unexpected character '{c}'"),
                        });
                    }
                };
                push(&mut out, tok, range.clone());
            }
        }
        k += width;
    }
    Ok(out)
}

/// `log_2`, `log_{10}`, `log_(3)`, `log2` or `log_e` before an argument: the base (`None` for
/// `e`) and how many lexemes it takes.
fn log_base(lexemes: &[(Lexeme, Range<usize>)]) -> Option<(Option<Rational>, usize)> {
    let at = |i: usize| lexemes.get(i).map(|(lexeme, _)| lexeme);
    if !matches!(at(0), Some(Lexeme::Word(w)) if w.eq_ignore_ascii_case("log")) {
        return None;
    }
    let underscore = at(1) == Some(&Lexeme::Symbol("_".into()));
    let mut i = if underscore { 2 } else { 1 };
    if underscore && at(i) == Some(&Lexeme::Word("e".into())) {
        return Some((None, i + 1));
    }
    let close = match at(i) {
        Some(Lexeme::Open('{')) if underscore => Some('}'),
        Some(Lexeme::Open('(')) if underscore => Some(')'),
        _ => None,
    };
    if close.is_some() {
        i += 1;
    }
    let Some(Lexeme::Number(digits)) = at(i) else {
        return None;
    };
    i += 1;
    if let Some(close) = close {
        if at(i) != Some(&Lexeme::Close(close)) {
            return None;
        }
        i += 1;
    } else if !underscore && at(i).is_some_and(|l| !matches!(l, Lexeme::Open('(') | Lexeme::Space))
    {
        return None;
    }
    let base = Rational::from_decimal(digits).ok()?;
    Some((Some(base), i))
}

/// Recognises `d/dx`: the word `d`, a slash and a two-letter word `d` + variable, with
/// nothing between them.
fn derivative_operator(lexemes: &[(Lexeme, Range<usize>)]) -> Option<String> {
    match lexemes {
        [
            (Lexeme::Word(d), _),
            (Lexeme::Symbol(slash), _),
            (Lexeme::Word(dv), _),
            ..,
        ] if d == "d" && slash == "/" && dv.chars().count() == 2 && dv.starts_with('d') => {
            Some(dv[1..].to_string())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanning_keeps_every_character_and_reads_numbers_words_and_pairs() {
        let lexemes = scan("2x <= 10.5 -> d/dx  sqrt(b**2)");
        let back: String = lexemes
            .iter()
            .map(|l| match l {
                Lexeme::Number(t) | Lexeme::Word(t) | Lexeme::Symbol(t) => t.clone(),
                Lexeme::Open(c) | Lexeme::Close(c) => c.to_string(),
                Lexeme::Space => " ".into(),
            })
            .collect();
        assert_eq!(back, "2x <= 10.5 -> d/dx sqrt(b**2)");
        assert_eq!(lexemes[0], Lexeme::Number("2".into()));
        assert_eq!(lexemes[1], Lexeme::Word("x".into()));
        assert_eq!(lexemes[3], Lexeme::Symbol("<=".into()));
        assert_eq!(lexemes[5], Lexeme::Number("10.5".into()));
        assert!(lexemes.contains(&Lexeme::Symbol("**".into())));
    }

    #[test]
    fn tokens_are_made_from_the_scan() {
        let tokens = |text: &str| -> Vec<Tok> {
            let chars: Vec<char> = text.chars().collect();
            tokenize(&chars, 0)
                .unwrap()
                .into_iter()
                .map(|t| t.tok)
                .collect()
        };
        assert_eq!(tokens("d/dx"), [Tok::DerivOp("x".into())]);
        assert_eq!(
            tokens("log_2 8"),
            [
                Tok::LogBase(Rational::integer(2)),
                Tok::Num(Rational::integer(8))
            ]
        );
        assert_eq!(
            tokens("log_e x"),
            [Tok::Func(Func::Ln), Tok::Var("x".into())]
        );
        assert_eq!(
            tokens("x²"),
            [
                Tok::Var("x".into()),
                Tok::Caret,
                Tok::Num(Rational::integer(2))
            ]
        );
        assert_eq!(
            tokens("2**3"),
            [
                Tok::Num(Rational::integer(2)),
                Tok::Caret,
                Tok::Num(Rational::integer(3))
            ]
        );
        let chars: Vec<char> = "x <= 2".chars().collect();
        assert_eq!(tokenize(&chars, 0).unwrap_err().position, 2);
    }
}
