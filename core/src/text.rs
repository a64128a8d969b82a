//! What a learner may type: everything that passes here can be drawn on a slide and read
//! aloud, so the API refuses the rest at submit, before any credit is reserved.
//!
//! The slides draw with the fonts built into the pipeline (DejaVu Sans, New Computer
//! Modern and Typst's other bundled faces). `drawable.rs` lists the characters they cover;
//! it is generated from the fonts themselves, and a pipeline test fails when it is out of
//! date (`LECTERN_BLESS=1 cargo test --workspace --test pipeline drawable` writes it).

mod drawable;

/// Why a character cannot be accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A control character other than a line break or a tab.
    Control(char),
    /// No slide font has a glyph for it (emoji, most scripts of East Asia, private use).
    NoGlyph(char),
}

impl Refusal {
    /// A sentence for the learner, naming the character as they see it: never its code
    /// point, which means nothing to them (issue 54).
    pub fn describe(&self) -> String {
        match self {
            Refusal::Control(_) => {
                "contains an invisible control character, which cannot be shown or spoken; \
                 please retype the text without it"
                    .to_string()
            }
            Refusal::NoGlyph(c) => {
                format!("contains \"{c}\", which the slides cannot draw; please remove it")
            }
        }
    }
}

/// Whether the slide fonts have a glyph for `c`.
pub fn drawable(c: char) -> bool {
    let c = u32::from(c);
    drawable::RANGES
        .binary_search_by(|&(start, end)| {
            if end < c {
                std::cmp::Ordering::Less
            } else if start > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// The ranges of code points the slides can draw, inclusive (the web app checks typed text
/// against the same list: `web/src/types/drawable.ts`).
pub fn drawable_ranges() -> &'static [(u32, u32)] {
    drawable::RANGES
}

/// The first character of `text` that cannot be shown or spoken. Line breaks and tabs are
/// white space, as everywhere in text a learner pastes.
pub fn refusal(text: &str) -> Option<Refusal> {
    text.chars().find_map(|c| {
        if matches!(c, '\n' | '\r' | '\t') {
            None
        } else if c.is_control() {
            Some(Refusal::Control(c))
        } else if c.is_whitespace() || drawable(c) {
            None
        } else {
            Some(Refusal::NoGlyph(c))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slide_fonts_cover_latin_greek_cyrillic_hebrew_arabic_and_math() {
        for text in [
            "Pneumonoultramicroscopicsilicovolcanoconiosis",
            "Ελληνικά, Русский, עברית, العربية",
            "∫ x² dx ≤ ∞, α → β, √2 ≈ 1.414, € £ ¥",
            "std::collections::HashMap<K, V> & $PATH # \\n",
            "Café crème, naïve façade, Straße, Łódź",
        ] {
            assert_eq!(refusal(text), None, "{text}");
        }
    }

    #[test]
    fn emoji_east_asian_scripts_and_control_characters_are_refused() {
        assert_eq!(refusal("Rockets 🚀"), Some(Refusal::NoGlyph('🚀')));
        assert_eq!(refusal("東京の歴史"), Some(Refusal::NoGlyph('東')));
        assert_eq!(refusal("a\u{7}b"), Some(Refusal::Control('\u{7}')));
        assert_eq!(
            refusal("a\u{200E}b\u{FEFF}"),
            None,
            "format characters are not controls"
        );
        assert_eq!(refusal("two\nlines\tand a tab"), None);
        let said = Refusal::NoGlyph('🚀').describe();
        assert!(said.contains("\"🚀\""), "{said}");
        assert!(!said.contains("U+"), "no code point: {said}");
        assert!(!Refusal::Control('\u{7}').describe().contains("U+"));
    }
}
