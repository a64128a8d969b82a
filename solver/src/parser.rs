//! Recursive-descent parser for one expression: sums, products (explicit and implicit), unary
//! minus, right-associative powers, functions, `|x|`, `d/dx(...)` and `∫ ... dx`.

use std::ops::{Add, Div, Mul, Neg, Sub};

use crate::expr::{Expr, Func};
use crate::lexer::{Tok, Token, tokenize};
use crate::parse_error::ParseError;
use crate::rational::Rational;

/// Longest text read, in characters; longer input is refused rather than risking deep recursion.
pub(crate) const MAX_LENGTH: usize = 2000;

/// Deepest nesting of brackets, signs and functions.
const MAX_DEPTH: usize = 200;

/// Refuses text over [`MAX_LENGTH`] characters.
pub(crate) fn check_length(text: &str) -> Result<(), ParseError> {
    match text.chars().count() {
        n if n > MAX_LENGTH => Err(ParseError {
            position: MAX_LENGTH,
            message: format!(
                "the text is too long ({n} characters; at most {MAX_LENGTH} are read)"
            ),
        }),
        _ => Ok(()),
    }
}

/// Parses one expression such as `3(x - 1) + 2x^2` or `1/2 + 3/4 * 2`.
pub fn parse_expression(text: &str) -> Result<Expr, ParseError> {
    check_length(text)?;
    let chars: Vec<char> = text.chars().collect();
    parse_chars(&chars, 0)
}

/// Parses `chars`, which start at character `base` of a larger input (for error positions).
pub(crate) fn parse_chars(chars: &[char], base: usize) -> Result<Expr, ParseError> {
    let tokens = tokenize(chars, base)?;
    let mut parser = Parser::new(&tokens, base + chars.len());
    let expr = parser.sum()?;
    parser.finish()?;
    Ok(expr)
}

/// Parses an integrand with an optional trailing differential: `3x^2 + 2x dx`.
pub(crate) fn parse_integrand(
    chars: &[char],
    base: usize,
) -> Result<(Expr, Option<String>), ParseError> {
    let tokens = tokenize(chars, base)?;
    let mut parser = Parser::new(&tokens, base + chars.len());
    parser.integral_depth = 1;
    let body = parser.sum()?;
    let var = parser.differential();
    parser.finish()?;
    Ok((body, var))
}

struct Parser<'a> {
    tokens: &'a [Token],
    i: usize,
    end: usize,
    integral_depth: usize,
    abs_depth: usize,
    /// Whether `2/3` is read as one fraction; not in exponents (`x^2/2`) or after `/`.
    glue_fractions: bool,
    depth: usize,
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Num(r) => format!("the number {r}"),
        Tok::Var(v) => format!("'{v}'"),
        Tok::Func(f) => format!("'{}'", f.name()),
        Tok::Const(_) => "a constant".to_string(),
        Tok::Plus => "'+'".to_string(),
        Tok::Minus => "'-'".to_string(),
        Tok::Star => "'*'".to_string(),
        Tok::Slash => "'/'".to_string(),
        Tok::Caret => "'^'".to_string(),
        Tok::Open(c) | Tok::Close(c) => format!("'{c}'"),
        Tok::Pipe => "'|'".to_string(),
        Tok::Integral => "'∫'".to_string(),
        Tok::DerivOp(v) => format!("'d/d{v}'"),
        Tok::LogBase(b) => format!("'log_{b}'"),
    }
}

fn closing(open: char) -> char {
    match open {
        '[' => ']',
        '{' => '}',
        _ => ')',
    }
}

impl<'a> Parser<'a> {
    fn new(tokens: &'a [Token], end: usize) -> Self {
        Parser {
            tokens,
            i: 0,
            end,
            integral_depth: 0,
            abs_depth: 0,
            glue_fractions: true,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.i).map(|t| &t.tok)
    }

    fn position(&self) -> usize {
        self.tokens.get(self.i).map_or(self.end, |t| t.pos)
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            position: self.position(),
            message: message.into(),
        }
    }

    fn finish(&self) -> Result<(), ParseError> {
        match self.peek() {
            None => Ok(()),
            Some(Tok::Close(c)) => {
                Err(self.error(format!("'{c}' has no matching opening bracket")))
            }
            Some(tok) => Err(self.error(format!("unexpected {}", describe(tok)))),
        }
    }

    /// Whether the next two tokens are a differential such as `dx` written together.
    fn at_differential(&self) -> bool {
        match (self.tokens.get(self.i), self.tokens.get(self.i + 1)) {
            (Some(d), Some(v)) => {
                d.tok == Tok::Var("d".into()) && matches!(v.tok, Tok::Var(_)) && d.end == v.pos
            }
            _ => false,
        }
    }

    fn differential(&mut self) -> Option<String> {
        if !self.at_differential() {
            return None;
        }
        let var = match &self.tokens[self.i + 1].tok {
            Tok::Var(v) => v.clone(),
            _ => return None,
        };
        self.i += 2;
        Some(var)
    }

    /// In `2/3 * 9/4`, each whole-number fraction is one operand (the value is the same as
    /// reading left to right, but the steps shown follow what the user wrote).
    fn fraction_denominator(&mut self, numerator: Rational) -> Option<Rational> {
        if !self.glue_fractions || !numerator.is_integer() {
            return None;
        }
        let tokens = &self.tokens[self.i..];
        match tokens {
            [slash, denominator, rest @ ..]
                if slash.tok == Tok::Slash
                    && matches!(denominator.tok, Tok::Num(d) if d.is_integer())
                    && rest.first().is_none_or(|t| t.tok != Tok::Caret) =>
            {
                let Tok::Num(d) = denominator.tok else {
                    return None;
                };
                self.i += 2;
                Some(d)
            }
            _ => None,
        }
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.term()?;
        loop {
            match self.peek() {
                Some(Tok::Plus) => {
                    self.i += 1;
                    left = Expr::add(left, self.term()?);
                }
                Some(Tok::Minus) => {
                    self.i += 1;
                    left = Expr::sub(left, self.term()?);
                }
                _ => return Ok(left),
            }
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.unary()?;
        loop {
            match self.peek() {
                Some(Tok::Star) => {
                    self.i += 1;
                    left = Expr::mul(left, self.unary()?);
                }
                Some(Tok::Slash) => {
                    self.i += 1;
                    let glue = std::mem::replace(&mut self.glue_fractions, false);
                    let right = self.unary();
                    self.glue_fractions = glue;
                    left = Expr::div(left, right?);
                }
                _ if self.starts_implicit_factor() => {
                    left = Expr::mul(left, self.power()?);
                }
                _ => return Ok(left),
            }
        }
    }

    fn starts_implicit_factor(&self) -> bool {
        if self.integral_depth > 0 && self.at_differential() {
            return false;
        }
        match self.peek() {
            Some(
                Tok::Num(_)
                | Tok::Var(_)
                | Tok::Func(_)
                | Tok::Const(_)
                | Tok::Open(_)
                | Tok::Integral
                | Tok::DerivOp(_)
                | Tok::LogBase(_),
            ) => true,
            Some(Tok::Pipe) => self.abs_depth == 0,
            _ => false,
        }
    }

    fn nested<T>(
        &mut self,
        parse: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error("the expression is nested too deeply"));
        }
        self.depth += 1;
        let result = parse(self);
        self.depth -= 1;
        result
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.nested(Self::unary_inner)
    }

    fn unary_inner(&mut self) -> Result<Expr, ParseError> {
        match self.peek() {
            Some(Tok::Minus) => {
                self.i += 1;
                Ok(Expr::neg(self.unary()?))
            }
            Some(Tok::Plus) => {
                self.i += 1;
                self.unary()
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.primary()?;
        if self.peek() == Some(&Tok::Caret) {
            self.i += 1;
            let glue = std::mem::replace(&mut self.glue_fractions, false);
            let exponent = self.unary();
            self.glue_fractions = glue;
            return Ok(Expr::pow(base, exponent?));
        }
        Ok(base)
    }

    /// `sin(x)^2` squares the sine, while `sin x^2` takes the sine of `x^2`.
    fn argument(&mut self) -> Result<Expr, ParseError> {
        if matches!(self.peek(), Some(Tok::Open(_))) {
            self.primary()
        } else {
            self.power()
        }
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        self.nested(Self::primary_inner)
    }

    fn primary_inner(&mut self) -> Result<Expr, ParseError> {
        let Some(tok) = self.peek().cloned() else {
            return Err(self.error("the expression ends too early"));
        };
        let start = self.position();
        self.i += 1;
        match tok {
            Tok::Num(r) => Ok(match self.fraction_denominator(r) {
                Some(d) => Expr::div(Expr::Num(r), Expr::Num(d)),
                None => Expr::Num(r),
            }),
            Tok::Var(v) => Ok(Expr::Var(v)),
            Tok::Const(c) => Ok(Expr::Const(c)),
            Tok::Func(f) => {
                if self.peek().is_none() {
                    return Err(self.error(format!("'{}' needs an argument", f.name())));
                }
                Ok(Expr::func(f, self.argument()?))
            }
            Tok::Open(open) => {
                let inner = self.sum()?;
                match self.peek() {
                    Some(Tok::Close(c)) if *c == closing(open) => {
                        self.i += 1;
                        Ok(inner)
                    }
                    _ => Err(ParseError {
                        position: start,
                        message: format!("'{open}' is never closed"),
                    }),
                }
            }
            Tok::Pipe => {
                self.abs_depth += 1;
                let inner = self.sum()?;
                self.abs_depth -= 1;
                if self.peek() != Some(&Tok::Pipe) {
                    return Err(ParseError {
                        position: start,
                        message: "'|' is never closed".into(),
                    });
                }
                self.i += 1;
                Ok(Expr::func(Func::Abs, inner))
            }
            Tok::Integral => {
                self.integral_depth += 1;
                let body = self.sum()?;
                self.integral_depth -= 1;
                match self.differential() {
                    Some(var) => Ok(Expr::integral(&var, body)),
                    None => {
                        Err(self.error("expected a differential such as 'dx' to end the integral"))
                    }
                }
            }
            Tok::LogBase(base) => {
                if self.peek().is_none() {
                    return Err(self.error(format!("'log_{base}' needs an argument")));
                }
                let argument = self.argument()?;
                Ok(if base == Rational::integer(10) {
                    Expr::func(Func::Log, argument)
                } else {
                    // log_b(x) = ln(x) / ln(b)
                    Expr::div(
                        Expr::func(Func::Ln, argument),
                        Expr::func(Func::Ln, Expr::Num(base)),
                    )
                })
            }
            Tok::DerivOp(var) => {
                if self.peek().is_none() {
                    return Err(self.error(format!("'d/d{var}' needs something to differentiate")));
                }
                Ok(Expr::derivative(&var, self.argument()?))
            }
            Tok::Close(c) => Err(ParseError {
                position: start,
                message: format!("'{c}' has no matching opening bracket"),
            }),
            other => Err(ParseError {
                position: start,
                message: format!(
                    "expected a number, a variable or '(' but found {}",
                    describe(&other)
                ),
            }),
        }
    }
}
