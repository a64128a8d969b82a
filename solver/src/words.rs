//! Problems in words: telling a word problem from a geometry problem, the values a problem
//! gives (`radius 3` is `r = 3`), and quantities with units (`120 km / 1.5 h`), which are read
//! with each unit as a product of base dimensions so that `80 km/h` equals `120 km / 1.5 h`
//! exactly and `2 h + 30 min` equals `2.5 h`.

use crate::kind::ProblemKind;

const GEOMETRY: [&str; 26] = [
    "area",
    "diagonal",
    "ladder",
    "perimeter",
    "circumference",
    "radius",
    "diameter",
    "triangle",
    "rectangle",
    "circle",
    "hypotenuse",
    "pythagor",
    "volume",
    "cylinder",
    "sphere",
    "cube",
    "cone",
    "polygon",
    "trapezoid",
    "parallelogram",
    "square with",
    "side length",
    "legs",
    "surface",
    "prism",
    "rhombus",
];

/// A word problem or a geometry problem: text with a number and at least three words.
pub fn kind_of(text: &str) -> Option<ProblemKind> {
    let lower = text.to_lowercase();
    let words = lower
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .count();
    if !lower.chars().any(|c| c.is_ascii_digit()) || words < 3 {
        return None;
    }
    if GEOMETRY.iter().any(|g| lower.contains(g)) {
        Some(ProblemKind::Geometry)
    } else {
        Some(ProblemKind::WordProblem)
    }
}

/// What the letter of a named length usually is.
const NAMED: [(&str, &str); 11] = [
    ("radius", "r"),
    ("diameter", "d"),
    ("height", "h"),
    ("width", "w"),
    ("length", "l"),
    ("base", "b"),
    ("side", "s"),
    ("hypotenuse", "c"),
    ("edge", "s"),
    ("slant height", "l"),
    ("depth", "d"),
];

const FILLER: [&str; 12] = [
    "of",
    "is",
    "=",
    "length",
    "measures",
    "measuring",
    "equal",
    "equals",
    "to",
    "a",
    "with",
    "lengths",
];

fn number(word: &str) -> Option<f64> {
    let w = word.trim_matches(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'));
    let w = w.trim_end_matches('.');
    (!w.is_empty()).then(|| w.parse().ok()).flatten()
}

/// Values the problem gives for the usual letters: `r = 3`, `radius 3 cm`, `legs 3 and 4`.
pub fn knowns(text: &str) -> Vec<(String, f64)> {
    let lower = text.to_lowercase().replace(['=', ','], " = ");
    let words: Vec<&str> = lower.split_whitespace().collect();
    let mut out: Vec<(String, f64)> = Vec::new();
    let add = |name: &str, value: f64, out: &mut Vec<(String, f64)>| {
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.to_string(), value));
        }
    };
    for (i, word) in words.iter().enumerate() {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        // "r = 3"
        if word.chars().count() == 1
            && word.chars().all(char::is_alphabetic)
            && words.get(i + 1) == Some(&"=")
            && let Some(v) = words.get(i + 2).and_then(|w| number(w))
        {
            if !is_range_end(&words, i) {
                add(word, v, &mut out);
            }
            continue;
        }
        let following = || {
            words[i + 1..]
                .iter()
                .filter(|w| !FILLER.contains(w) && !w.starts_with("length"))
                .copied()
        };
        if matches!(word, "legs" | "sides") {
            let values: Vec<f64> = following()
                .take(3)
                .filter(|w| *w != "and")
                .map_while(number)
                .collect();
            if let [a, b] = values.as_slice() {
                add("a", *a, &mut out);
                add("b", *b, &mut out);
            }
            continue;
        }
        if let Some((_, letter)) = NAMED.iter().find(|(name, _)| *name == word)
            && let Some(v) = following().next().and_then(number)
        {
            add(letter, v, &mut out);
        }
    }
    out
}

/// Whether the letter at `i`, set equal to a number, ends a range ("from x = 0 to x = 3",
/// "between x = 0 and x = 3"): a place where the letter is taken, not a value it is given.
fn is_range_end(words: &[&str], i: usize) -> bool {
    let before = |back: usize| i.checked_sub(back).map(|at| words[at]);
    matches!(before(1), Some("from" | "to" | "between"))
        || (before(1) == Some("and") && before(5) == Some("between"))
}

/// A unit: its names, its size in base units and its base dimensions (letters that stand
/// for metres, seconds, kilograms and currencies).
struct Unit {
    names: &'static [&'static str],
    factor: &'static str,
    base: &'static str,
}

/// Base dimensions are letters no one types: Armenian capitals.
const LENGTH: &str = "Ա";
const TIME: &str = "Բ";
const MASS: &str = "Գ";
const DIMENSIONS: [(&str, &str); 6] = [
    ("Ա", "length"),
    ("Բ", "time"),
    ("Գ", "mass"),
    ("Դ", "dollars"),
    ("Ե", "euros"),
    ("Զ", "pounds sterling"),
];

const UNITS: [Unit; 28] = [
    unit(
        &[
            "mm",
            "millimeter",
            "millimeters",
            "millimetre",
            "millimetres",
        ],
        "0.001",
        LENGTH,
    ),
    unit(
        &[
            "cm",
            "centimeter",
            "centimeters",
            "centimetre",
            "centimetres",
        ],
        "0.01",
        LENGTH,
    ),
    unit(&["m", "meter", "meters", "metre", "metres"], "1", LENGTH),
    unit(
        &["km", "kilometer", "kilometers", "kilometre", "kilometres"],
        "1000",
        LENGTH,
    ),
    unit(&["in", "inch", "inches"], "0.0254", LENGTH),
    unit(&["ft", "foot", "feet"], "0.3048", LENGTH),
    unit(&["yd", "yard", "yards"], "0.9144", LENGTH),
    unit(&["mi", "mile", "miles"], "1609.344", LENGTH),
    unit(&["s", "sec", "secs", "second", "seconds"], "1", TIME),
    unit(&["min", "mins", "minute", "minutes"], "60", TIME),
    unit(&["h", "hr", "hrs", "hour", "hours"], "3600", TIME),
    unit(&["day", "days"], "86400", TIME),
    unit(&["week", "weeks"], "604800", TIME),
    unit(&["mg", "milligram", "milligrams"], "0.000001", MASS),
    unit(&["g", "gram", "grams"], "0.001", MASS),
    unit(&["kg", "kilogram", "kilograms"], "1", MASS),
    unit(&["lb", "lbs", "pound", "pounds"], "0.45359237", MASS),
    unit(&["oz", "ounce", "ounces"], "0.028349523125", MASS),
    unit(
        &[
            "ml",
            "milliliter",
            "milliliters",
            "millilitre",
            "millilitres",
        ],
        "0.000001",
        "Ա^3",
    ),
    unit(&["L", "liter", "liters", "litre", "litres"], "0.001", "Ա^3"),
    unit(&["mph"], "1609.344", "Ա/(3600Բ)"),
    unit(&["kph", "kmh"], "1000", "Ա/(3600Բ)"),
    unit(&["dollar", "dollars", "$"], "1", "Դ"),
    unit(&["cent", "cents", "¢"], "0.01", "Դ"),
    unit(&["euro", "euros", "€"], "1", "Ե"),
    unit(&["£"], "1", "Զ"),
    unit(&["percent", "%"], "0.01", "1"),
    unit(&["units", "unit"], "1", "1"),
];

const fn unit(names: &'static [&'static str], factor: &'static str, base: &'static str) -> Unit {
    Unit {
        names,
        factor,
        base,
    }
}

fn find_unit(word: &str) -> Option<usize> {
    let lower = word.to_lowercase();
    UNITS
        .iter()
        .position(|u| u.names.contains(&lower.as_str()) || u.names.contains(&word))
}

/// How many of `to` make one `from` (`h` to `min`: "60"), as the exact decimal the table
/// holds for each; `None` unless both are units of the table of one base dimension.
pub(crate) fn conversion(from: &str, to: &str) -> Option<(&'static str, &'static str)> {
    let (from, to) = (&UNITS[find_unit(from)?], &UNITS[find_unit(to)?]);
    let dimension = |u: &Unit| {
        [LENGTH, TIME, MASS, "Ա^3"]
            .contains(&u.base)
            .then_some(u.base)
    };
    (dimension(from)? == dimension(to)? && from.factor != to.factor)
        .then_some((from.factor, to.factor))
}

/// A line with its units made into algebra.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantities {
    /// Units as base dimensions with their sizes: for comparing quantities.
    pub si: String,
    /// Each unit as its own letter, sizes ignored: for reading the number in front of a unit.
    pub typed: String,
    pub units: usize,
}

/// The letter that stands for a unit as typed: Georgian letters.
fn typed_letter(index: usize) -> char {
    char::from_u32(0x10D0 + index as u32).unwrap_or('ა')
}

/// The unit letters of [`Quantities::typed`], set to one: the numbers as written.
pub fn typed_letters() -> Vec<String> {
    (0..UNITS.len())
        .map(|i| typed_letter(i).to_string())
        .collect()
}

/// Describes the base dimensions of an expression over the letters of [`Quantities::si`].
pub fn dimension_name(letter: &str) -> Option<&'static str> {
    DIMENSIONS
        .iter()
        .find(|(l, _)| *l == letter)
        .map(|(_, name)| *name)
}

struct Scanner<'a> {
    chars: &'a [char],
    i: usize,
    /// Whether the unit being read was separated from its number or follows a `/`.
    spaced: bool,
}

impl Scanner<'_> {
    fn skip_spaces(&mut self) -> usize {
        let start = self.i;
        while self.chars.get(self.i).is_some_and(|c| *c == ' ') {
            self.i += 1;
        }
        self.i - start
    }

    fn word(&self) -> (String, usize) {
        let mut end = self.i;
        while self
            .chars
            .get(end)
            .is_some_and(|c| c.is_alphabetic() || matches!(c, '%' | '$' | '€' | '£' | '¢'))
        {
            end += 1;
            if matches!(self.chars[end - 1], '%' | '$' | '€' | '£' | '¢') {
                break;
            }
        }
        (self.chars[self.i..end].iter().collect(), end)
    }

    /// One unit with an optional power: `km`, `cm^2`, `m²`, `square feet`.
    fn unit_power(&mut self) -> Option<(usize, i32)> {
        let start = self.i;
        let (mut word, mut end) = self.word();
        let mut power = 1;
        if let Some(p) = match word.to_lowercase().as_str() {
            "sq" | "square" => Some(2),
            "cubic" => Some(3),
            _ => None,
        } {
            self.i = end;
            self.skip_spaces();
            (word, end) = self.word();
            power = p;
        }
        // A one-letter unit needs a space after its number (`5 m`) or a `/` before it
        // (`km/h`), and its own case: `2l` and `2 x` are algebra.
        let single = word.chars().count() == 1 && word.chars().all(char::is_alphabetic);
        let index = find_unit(&word).filter(|i| {
            !word.is_empty()
                && (!single
                    || (self.spaced && UNITS[*i].names.contains(&word.as_str()) && word != "l"))
        });
        let Some(index) = index else {
            self.i = start;
            return None;
        };
        self.i = end;
        match (self.chars.get(self.i), self.chars.get(self.i + 1)) {
            (Some('²'), _) => {
                power = 2;
                self.i += 1;
            }
            (Some('³'), _) => {
                power = 3;
                self.i += 1;
            }
            (Some('^'), Some(d)) if d.is_ascii_digit() => {
                power = d.to_digit(10).map_or(1, |d| d as i32);
                self.i += 2;
            }
            _ => {}
        }
        Some((index, power))
    }

    /// Units after a number: `km`, `km/h`, `m/s^2`, `km per hour`.
    fn unit_group(&mut self) -> Vec<(usize, i32)> {
        let Some(first) = self.unit_power() else {
            return Vec::new();
        };
        let mut units = vec![first];
        units.extend(self.unit_group_after());
        units
    }

    /// The `/h` of `km/h`, after the first unit.
    fn unit_group_after(&mut self) -> Vec<(usize, i32)> {
        let mut units = Vec::new();
        loop {
            let save = self.i;
            self.skip_spaces();
            let sign = match self.chars.get(self.i) {
                Some('/') => {
                    self.i += 1;
                    -1
                }
                Some('*' | '·') => {
                    self.i += 1;
                    1
                }
                _ if self.word().0.to_lowercase() == "per" => {
                    self.i = self.word().1;
                    -1
                }
                _ => {
                    self.i = save;
                    return units;
                }
            };
            self.skip_spaces();
            self.spaced = true;
            match self.unit_power() {
                Some((index, power)) => units.push((index, sign * power)),
                None => {
                    self.i = save;
                    return units;
                }
            }
        }
    }
}

fn render(units: &[(usize, i32)], si: bool) -> String {
    units
        .iter()
        .map(|(index, power)| {
            let unit = &UNITS[*index];
            let one = if si {
                format!("({}*({}))", unit.factor, unit.base)
            } else {
                format!("({})", typed_letter(*index))
            };
            let raised = if power.abs() == 1 {
                one
            } else {
                format!("{one}^{}", power.abs())
            };
            if *power < 0 {
                format!("/{raised}")
            } else {
                format!("*{raised}")
            }
        })
        .collect()
}

/// Rewrites every quantity with a unit (`120 km`, `$40`, `25%`, `80 km/h`) as a bracketed
/// product; `None` when the line has no units.
pub fn quantities(text: &str) -> Option<Quantities> {
    let chars: Vec<char> = text.chars().collect();
    let mut si = String::new();
    let mut typed = String::new();
    let mut count = 0;
    let mut s = Scanner {
        chars: &chars,
        i: 0,
        spaced: false,
    };
    while s.i < chars.len() {
        let c = chars[s.i];
        let previous_letter = s.i > 0 && chars[s.i - 1].is_alphanumeric();
        let prefix = matches!(c, '$' | '€' | '£').then_some(c);
        let number_start = if prefix.is_some() {
            let mut j = s.i + 1;
            while chars.get(j) == Some(&' ') {
                j += 1;
            }
            j
        } else {
            s.i
        };
        let starts_number = chars.get(number_start).is_some_and(char::is_ascii_digit)
            && (prefix.is_some() || !previous_letter);
        // "9pi cm^2": a unit of two or more letters after a value, apart from it; after a
        // bracket any unit ("(90 / 60) h": a time converted to hours).
        if !starts_number && c.is_alphabetic() && s.i > 0 && chars[s.i - 1] == ' ' {
            let start = s.i;
            let (word, _) = s.word();
            let after_bracket = chars[..s.i].iter().rev().find(|c| **c != ' ') == Some(&')');
            s.spaced = after_bracket;
            if (word.chars().count() > 1 || after_bracket)
                && let Some(first) = s.unit_power()
            {
                let mut units = vec![first];
                let rest = s.unit_group_after();
                units.extend(rest);
                count += 1;
                si.push_str(&format!("1{}", render(&units, true)));
                let typed_units: Vec<(usize, i32)> = units
                    .iter()
                    .copied()
                    .filter(|(i, _)| UNITS[*i].base != "1")
                    .collect();
                typed.push_str(&format!("1{}", render(&typed_units, false)));
                continue;
            }
            s.i = start;
        }
        if !starts_number {
            si.push(c);
            typed.push(c);
            s.i += 1;
            continue;
        }
        let mut end = number_start;
        while chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        {
            // "1,200" is a thousands separator; "1, 2" is a list.
            if chars[end] == ',' && !chars.get(end + 1).is_some_and(char::is_ascii_digit) {
                break;
            }
            end += 1;
        }
        let digits: String = chars[number_start..end]
            .iter()
            .filter(|c| **c != ',')
            .collect();
        s.i = end;
        let spaces = s.skip_spaces();
        s.spaced = spaces > 0;
        let mut units = match prefix {
            Some(symbol) => find_unit(&symbol.to_string())
                .map(|i| vec![(i, 1)])
                .unwrap_or_default(),
            None => Vec::new(),
        };
        units.extend(s.unit_group());
        if units.is_empty() {
            s.i -= spaces;
            si.push_str(&digits);
            typed.push_str(&digits);
            continue;
        }
        count += 1;
        si.push_str(&format!("({digits}{})", render(&units, true)));
        let typed_units: Vec<(usize, i32)> = units
            .iter()
            .copied()
            .filter(|(i, _)| UNITS[*i].base != "1")
            .collect();
        let percent = units
            .iter()
            .any(|(i, _)| UNITS[*i].factor == "0.01" && UNITS[*i].base == "1");
        let number = if percent {
            format!("{digits}/100")
        } else {
            digits
        };
        typed.push_str(&format!("({number}{})", render(&typed_units, false)));
        if s.chars
            .get(s.i)
            .is_some_and(|c| c.is_alphanumeric() || *c == '(')
        {
            si.push(' ');
            typed.push(' ');
        }
    }
    (count > 0).then_some(Quantities {
        si,
        typed,
        units: count,
    })
}
