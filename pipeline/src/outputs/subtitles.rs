//! Captions timed from the narration: each sentence is split into cues of at most two lines
//! of 42 characters, and the sentence's spoken time is shared among them by length.

use std::fmt::Write;

use serde::Serialize;

use crate::breaks;
use crate::narration::SentenceTiming;

pub const MAX_LINE: usize = 42;
pub const MAX_LINES: usize = 2;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cue {
    pub start: f64,
    pub end: f64,
    pub lines: Vec<String>,
}

/// Greedy packing of words into cue texts that fit two lines; a word longer than a line is
/// split where the slides break it (between syllables, after a URL's separators).
fn chunks(text: &str) -> Vec<Vec<String>> {
    let mut cues: Vec<Vec<String>> = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let words = text
        .split_whitespace()
        .flat_map(|word| breaks::split_word(word, MAX_LINE));
    for word in words {
        current.push(word);
        if wrap(&current).is_none() {
            let word = current.pop().expect("a word was just pushed");
            if !current.is_empty() {
                cues.push(std::mem::take(&mut current));
            }
            current.push(word);
        }
    }
    if !current.is_empty() {
        cues.push(current);
    }
    cues
}

/// The words on at most two lines of at most 42 characters, as balanced as possible.
fn wrap(words: &[String]) -> Option<Vec<String>> {
    let one = words.join(" ");
    if one.chars().count() <= MAX_LINE {
        return Some(vec![one]);
    }
    (1..words.len())
        .map(|split| (words[..split].join(" "), words[split..].join(" ")))
        .filter(|(a, b)| a.chars().count() <= MAX_LINE && b.chars().count() <= MAX_LINE)
        .min_by_key(|(a, b)| a.chars().count().abs_diff(b.chars().count()))
        .map(|(a, b)| vec![a, b])
}

pub fn cues(sentences: &[SentenceTiming]) -> Vec<Cue> {
    let mut cues = Vec::new();
    for sentence in sentences {
        let parts = chunks(&sentence.text);
        let total: usize = parts.iter().map(|p| p.join(" ").chars().count()).sum();
        let span = sentence.end - sentence.start;
        let mut start = sentence.start;
        let mut done = 0;
        for part in parts {
            done += part.join(" ").chars().count();
            let end = if done == total {
                sentence.end
            } else {
                sentence.start + span * done as f64 / total as f64
            };
            let lines = wrap(&part).unwrap_or_else(|| vec![part.join(" ")]);
            cues.push(Cue { start, end, lines });
            start = end;
        }
    }
    cues
}

fn timestamp(seconds: f64, separator: char) -> String {
    let millis = (seconds.max(0.0) * 1000.0).round() as u64;
    format!(
        "{:02}:{:02}:{:02}{separator}{:03}",
        millis / 3_600_000,
        millis / 60_000 % 60,
        millis / 1000 % 60,
        millis % 1000
    )
}

pub fn vtt_timestamp(seconds: f64) -> String {
    timestamp(seconds, '.')
}

pub fn to_vtt(cues: &[Cue]) -> String {
    format!("WEBVTT\n\n{}", numbered_cues(cues, '.'))
}

pub fn to_srt(cues: &[Cue]) -> String {
    numbered_cues(cues, ',')
}

/// The cues numbered from 1, each with its times (`decimal` before the milliseconds) and
/// lines, and a blank line after it.
fn numbered_cues(cues: &[Cue], decimal: char) -> String {
    let mut out = String::new();
    for (i, cue) in cues.iter().enumerate() {
        let _ = write!(
            out,
            "{}\n{} --> {}\n{}\n\n",
            i + 1,
            timestamp(cue.start, decimal),
            timestamp(cue.end, decimal),
            cue.lines.join("\n")
        );
    }
    out
}
