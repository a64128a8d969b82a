//! FOLDOC, the Free On-line Dictionary of Computing, as `dict-foldoc` installs it (dictd's
//! format, [`super::dictd`]).

use std::io;
use std::path::Path;

use super::dictd::Dictd;

pub(super) struct Foldoc {
    dictd: Dictd,
}

/// An entry's headword as FOLDOC spells it, and the start of its definition.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Entry {
    pub headword: String,
    pub definition: String,
}

impl Foldoc {
    pub fn load(dir: &Path) -> io::Result<Foldoc> {
        Ok(Foldoc {
            dictd: Dictd::load(dir, "foldoc")?,
        })
    }

    pub fn contains(&self, key: &str) -> bool {
        self.dictd.contains(key)
    }

    /// The entry for `key` (lower case), following one "See {other}" redirect.
    pub fn entry(&self, key: &str) -> Option<Entry> {
        let entry = self.raw_entry(key)?;
        match redirect(&entry) {
            Some(target) => self.raw_entry(&target.to_lowercase()),
            None => Some(entry),
        }
        .filter(|e| e.definition.split_whitespace().count() >= 4)
    }

    fn raw_entry(&self, key: &str) -> Option<Entry> {
        let text = self.dictd.entries(key).into_iter().next()?;
        parse_entry(&text, key)
    }
}

/// The target of an entry that only sends the reader elsewhere.
fn redirect(entry: &Entry) -> Option<String> {
    let raw = &entry.definition;
    let rest = raw.strip_prefix("See ").unwrap_or(raw);
    let target = rest.strip_prefix('{')?.split('}').next()?;
    (raw.split_whitespace().count() <= 4).then(|| target.to_string())
}

/// An entry: headword lines, a blank line, then indented paragraphs. The definition is
/// the first paragraph (of the first sense), with FOLDOC's `<field>` labels removed and
/// `{cross reference}` braces dropped.
fn parse_entry(text: &str, key: &str) -> Option<Entry> {
    let mut lines = text.lines();
    let headwords: Vec<&str> = lines
        .by_ref()
        .take_while(|line| !line.trim().is_empty())
        .collect();
    let headword = headwords
        .iter()
        .find(|h| h.trim().eq_ignore_ascii_case(key))
        .or(headwords.first())?
        .trim()
        .to_string();
    let paragraph: Vec<&str> = lines
        .skip_while(|line| line.trim().is_empty())
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut definition = paragraph.join(" ");
    if let Some(rest) = definition.strip_prefix("1. ") {
        definition = rest.to_string();
    }
    Some(Entry {
        headword,
        definition: clean(&definition),
    })
}

/// Field labels (`<networking, protocol>`), addresses and a leading abbreviation removed,
/// cross-reference braces dropped, spaces collapsed.
fn clean(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(['<', '{']) {
        out.push_str(&rest[..start]);
        let open = rest.as_bytes()[start];
        let close = if open == b'<' { '>' } else { '}' };
        let Some(len) = rest[start..].find(close) else {
            rest = &rest[start + 1..];
            continue;
        };
        let inner = &rest[start + 1..start + len];
        if open == b'{' && !inner.starts_with('(') && !inner.contains("://") {
            out.push_str(inner);
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    let mut text = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // "(TCP) The most common ..." starts with the abbreviation of the headword.
    if text.starts_with('(')
        && let Some(end) = text.find(") ")
        && end < 40
    {
        text = text[end + 2..].to_string();
    }
    text.replace(" .", ".").replace(" ,", ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_loses_its_labels_and_braces() {
        let entry = parse_entry(
            "Transmission Control Protocol\nTCP\n\n   <networking, protocol> (TCP) The most \
             common {transport layer}\n   {protocol}.  See {(http://x.org/)}.\n\n   More.\n",
            "tcp",
        )
        .unwrap();
        assert_eq!(entry.headword, "TCP");
        assert_eq!(
            entry.definition,
            "The most common transport layer protocol. See."
        );
    }
}
