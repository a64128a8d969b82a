//! The amounts a problem in words gives: each number with its unit, as the checker reads units
//! (`$60`, `25%`, `1.5 h`, `20 m/s`, `40 cm^2`).

use crate::rational::Rational;

/// A number of the problem with its unit.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Amount {
    pub value: Rational,
    /// `$`, `%`, `km`, `m/s`, `cm^2`, or empty.
    pub unit: String,
    /// Which word of the problem it is, to find the words around it.
    pub word: usize,
}

impl Amount {
    /// As it is written in a step: `$60`, `25%`, `1.5 h`, `3`.
    pub fn written(&self) -> String {
        let number = super::shown(self.value);
        match self.unit.as_str() {
            "" => number,
            "$" | "€" | "£" => super::money(self.value, &self.unit),
            "%" => format!("{number}%"),
            unit => format!("{number} {unit}"),
        }
    }

    pub fn is_money(&self) -> bool {
        matches!(self.unit.as_str(), "$" | "€" | "£")
    }
}

/// Units by the names students use, with the symbol written in steps.
const UNITS: [(&[&str], &str); 22] = [
    (
        &[
            "mm",
            "millimeter",
            "millimeters",
            "millimetre",
            "millimetres",
        ],
        "mm",
    ),
    (
        &[
            "cm",
            "centimeter",
            "centimeters",
            "centimetre",
            "centimetres",
        ],
        "cm",
    ),
    (&["m", "meter", "meters", "metre", "metres"], "m"),
    (
        &["km", "kilometer", "kilometers", "kilometre", "kilometres"],
        "km",
    ),
    (&["in", "inch", "inches"], "in"),
    (&["ft", "foot", "feet"], "ft"),
    (&["yd", "yard", "yards"], "yd"),
    (&["mi", "mile", "miles"], "mi"),
    (&["s", "sec", "secs", "second", "seconds"], "s"),
    (&["min", "mins", "minute", "minutes"], "min"),
    (&["h", "hr", "hrs", "hour", "hours"], "h"),
    (&["g", "gram", "grams"], "g"),
    (&["kg", "kilogram", "kilograms"], "kg"),
    (&["lb", "lbs", "pound", "pounds"], "lb"),
    (&["l", "liter", "liters", "litre", "litres"], "L"),
    (
        &[
            "ml",
            "milliliter",
            "milliliters",
            "millilitre",
            "millilitres",
        ],
        "ml",
    ),
    (&["km/h", "kph", "kmh"], "km/h"),
    (&["m/s"], "m/s"),
    (&["m/s^2", "m/s²"], "m/s^2"),
    (&["mph"], "mph"),
    (&["cm^2", "cm²"], "cm^2"),
    (&["m^2", "m²"], "m^2"),
];

pub(super) fn unit_symbol(word: &str) -> Option<&'static str> {
    UNITS
        .iter()
        .find(|(names, _)| names.contains(&word))
        .map(|(_, symbol)| *symbol)
}

/// `3,000` and `1.5` and `-4`: a number, exactly.
fn number(text: &str) -> Option<Rational> {
    let plain: String = text.chars().filter(|c| *c != ',').collect();
    if plain.is_empty()
        || !plain
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        || !plain.chars().any(|c| c.is_ascii_digit())
    {
        return None;
    }
    super::exact(&plain)
}

/// Every amount in a problem (lower case), in order.
pub(crate) fn amounts(s: &str) -> Vec<Amount> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i].trim_end_matches([',', '.', '?', ';', ':', '!', ')']);
        let word = word.trim_start_matches('(');
        let (prefix, rest) = match word.chars().next() {
            Some(c @ ('$' | '€' | '£')) => (Some(c.to_string()), &word[c.len_utf8()..]),
            _ => (None, word),
        };
        let digits_end = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '-')))
            .unwrap_or(rest.len());
        let Some(value) = number(rest[..digits_end].trim_end_matches('.')) else {
            i += 1;
            continue;
        };
        let attached = &rest[digits_end..];
        let mut unit = prefix.unwrap_or_default();
        let mut used = 1;
        if unit.is_empty() {
            if attached == "%" || words.get(i + 1) == Some(&"percent") {
                unit = "%".into();
                used += usize::from(attached.is_empty());
            } else if let Some(symbol) = unit_symbol(attached) {
                unit = symbol.into();
            } else if attached.is_empty()
                && let Some(next) = words.get(i + 1)
            {
                let next = next.trim_end_matches([',', '.', '?', ';', ':', '!', ')']);
                // "km per hour", "meters per second"
                let per = words.get(i + 2) == Some(&"per");
                let after_per = words
                    .get(i + 3)
                    .map(|w| w.trim_end_matches([',', '.', '?', ';', ':', '!']));
                match (unit_symbol(next), per, after_per.and_then(unit_symbol)) {
                    (Some(a), true, Some(b)) => {
                        unit = format!("{a}/{b}");
                        used = 4;
                    }
                    (Some(a), _, _) => {
                        unit = a.into();
                        used = 2;
                    }
                    _ => {}
                }
            }
        }
        if unit == "km/hr" || unit == "km/h" {
            unit = "km/h".into();
        }
        out.push(Amount {
            value,
            unit,
            word: i,
        });
        i += used;
    }
    out
}
