//! Long words on slides and in captions. A word longer than a line (a 45-letter disease, a
//! gene, a URL, a Rust path) is laid out, never refused: words of letters break between
//! syllables (Typst's English hyphenation patterns) and show a hyphen there; URLs and code
//! identifiers break after their separators and between camel-case parts; any stretch still
//! longer than a few characters breaks anywhere. Slides receive the break opportunities as
//! invisible characters (Typst breaks a line there only when it must); captions split the
//! word at the same places.

/// Words longer than this get break opportunities.
pub const LONG_WORD: usize = 16;
/// The longest stretch of a long word left without a break opportunity.
const MAX_STRETCH: usize = 10;
/// Syllable breaks leave at least this many letters on each side.
const MIN_SIDE: usize = 3;

const SOFT_HYPHEN: char = '\u{AD}';
const ZERO_WIDTH_SPACE: char = '\u{200B}';

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Break {
    /// Between syllables: a hyphen is shown when the line breaks here.
    Hyphen,
    /// After a separator or inside an identifier: nothing is shown.
    Plain,
}

/// Where `word` may break, as char indices (a break before that char), in increasing order.
fn breaks(word: &[char]) -> Vec<(usize, Break)> {
    let mut out: Vec<(usize, Break)> = Vec::new();
    // Separators inside the word (not a sentence's closing mark) make it a URL or code.
    let inner = &word[..word.len().saturating_sub(1)];
    let code_like = inner.iter().any(|c| {
        matches!(
            c,
            '/' | ':' | '_' | '.' | '=' | '?' | '&' | '\\' | '@' | '#'
        )
    }) || word
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase());
    let mut i = 0;
    while i < word.len() {
        if word[i].is_alphabetic() {
            let start = i;
            while i < word.len() && word[i].is_alphabetic() {
                if code_like && i > start && word[i].is_uppercase() && word[i - 1].is_lowercase() {
                    out.push((i, Break::Plain));
                }
                i += 1;
            }
            if !code_like {
                syllables(&word[start..i], start, &mut out);
            }
        } else {
            // After a separator, before the next letter or digit.
            if !word[i].is_alphanumeric()
                && i > 0
                && word.get(i + 1).is_some_and(|c| c.is_alphanumeric())
            {
                out.push((i + 1, Break::Plain));
            }
            i += 1;
        }
    }
    out.sort_by_key(|b| b.0);
    out.dedup_by_key(|b| b.0);
    // Whatever stretch is still too long (digits, a syllable-less name) breaks anywhere.
    let mut filled = Vec::new();
    let mut last = 0;
    for b in out.into_iter().chain([(word.len(), Break::Plain)]) {
        let stretch = b.0 - last;
        if stretch > MAX_STRETCH + MAX_STRETCH / 2 {
            // Evenly spaced pieces of at most MAX_STRETCH characters.
            let pieces = stretch.div_ceil(MAX_STRETCH);
            let step = stretch.div_ceil(pieces);
            let mut at = last + step;
            while at < b.0 {
                filled.push((at, Break::Plain));
                at += step;
            }
        }
        if b.0 < word.len() {
            filled.push(b);
        }
        last = b.0;
    }
    filled
}

/// Syllable boundaries of a run of letters starting at char index `offset` in its word.
fn syllables(run: &[char], offset: usize, out: &mut Vec<(usize, Break)>) {
    if run.len() < 2 * MIN_SIDE {
        return;
    }
    let text: String = run.iter().collect::<String>().to_lowercase();
    // Lower-casing can change the length (rare letters); then there is no safe mapping.
    if text.chars().count() != run.len() {
        return;
    }
    let mut at = 0;
    for syllable in hypher::hyphenate(&text, hypher::Lang::English) {
        if at >= MIN_SIDE && run.len() - at >= MIN_SIDE {
            out.push((offset + at, Break::Hyphen));
        }
        at += syllable.chars().count();
    }
}

/// `text` with invisible break opportunities inside its long words, for a slide: a soft
/// hyphen between syllables, a zero-width space elsewhere. Short words are left alone.
pub fn breakable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word: Vec<char> = Vec::new();
    let flush = |word: &mut Vec<char>, out: &mut String| {
        if word.len() > LONG_WORD {
            let mut next = breaks(word).into_iter().peekable();
            for (i, c) in word.iter().enumerate() {
                if let Some((_, kind)) = next.next_if(|b| b.0 == i) {
                    out.push(match kind {
                        Break::Hyphen => SOFT_HYPHEN,
                        Break::Plain => ZERO_WIDTH_SPACE,
                    });
                }
                out.push(*c);
            }
        } else {
            out.extend(word.iter());
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_whitespace() {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// `word` split into pieces of at most `max` characters at its break opportunities (a piece
/// that ends between syllables ends with a hyphen, counted in `max`), for captions.
pub fn split_word(word: &str, max: usize) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() <= max || max < 2 {
        return vec![word.to_string()];
    }
    let points = breaks(&chars);
    let mut pieces = Vec::new();
    let mut start = 0;
    while chars.len() - start > max {
        // The furthest break that keeps the piece (and its hyphen) within `max`.
        let cut = points
            .iter()
            .filter(|(at, _)| *at > start)
            .take_while(|(at, kind)| at - start + usize::from(*kind == Break::Hyphen) <= max)
            .last()
            .copied()
            .unwrap_or((start + max, Break::Plain));
        let mut piece: String = chars[start..cut.0].iter().collect();
        if cut.1 == Break::Hyphen {
            piece.push('-');
        }
        pieces.push(piece);
        start = cut.0;
    }
    pieces.push(chars[start..].iter().collect());
    pieces
}

/// The text as a reader sees it: without the invisible break opportunities.
pub fn visible(text: &str) -> String {
    text.chars()
        .filter(|c| *c != SOFT_HYPHEN && *c != ZERO_WIDTH_SPACE)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_words_are_untouched() {
        assert_eq!(breakable("How vaccines work"), "How vaccines work");
        assert_eq!(breakable("  two  spaces "), "  two  spaces ");
    }

    #[test]
    fn a_long_word_of_letters_breaks_between_syllables() {
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis";
        let marked = breakable(&format!("What is {word}?"));
        assert!(marked.contains(SOFT_HYPHEN), "{marked:?}");
        assert_eq!(visible(&marked), format!("What is {word}?"));
        let pieces = split_word(word, 20);
        assert!(pieces.len() >= 3, "{pieces:?}");
        assert!(pieces.iter().all(|p| p.chars().count() <= 20), "{pieces:?}");
        assert!(pieces[0].ends_with('-'), "{pieces:?}");
        let joined: String = pieces.iter().map(|p| p.trim_end_matches('-')).collect();
        assert_eq!(joined, word);
    }

    #[test]
    fn identifiers_and_urls_break_after_separators_without_hyphens() {
        let path = "std::collections::HashMap::with_capacity_and_hasher";
        let marked = breakable(path);
        assert!(
            !marked.contains(SOFT_HYPHEN),
            "no hyphen inside code: {marked:?}"
        );
        assert!(marked.contains("::\u{200B}Hash"), "{marked:?}");
        assert!(
            marked.contains("collections::"),
            "an 11-letter part stays whole: {marked:?}"
        );
        assert!(marked.contains("Hash\u{200B}Map"), "camel case: {marked:?}");
        let url = "https://en.wikipedia.org/wiki/Photosynthesis?action=history&year=2024";
        let pieces = split_word(url, 42);
        assert!(pieces.iter().all(|p| p.chars().count() <= 42));
        assert_eq!(pieces.concat(), url);
        assert!(
            pieces[0].ends_with('/') || pieces[0].ends_with('.'),
            "{pieces:?}"
        );
    }

    #[test]
    fn a_stretch_without_any_break_breaks_every_few_characters() {
        let digits = "3141592653589793238462643383279502884197";
        let marked = breakable(digits);
        assert_eq!(marked.matches(ZERO_WIDTH_SPACE).count(), 3, "{marked:?}");
        assert_eq!(split_word(digits, 12).concat(), digits);
    }
}
