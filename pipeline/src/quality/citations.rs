//! Citation quality of a lesson written from passages, as ALCE measures citation recall and
//! precision, with a word-overlap judge in place of ALCE's NLI model (no such model runs
//! here): a cited sentence is *supported* when every figure and name it states is in its
//! cited passages and at least 60% of its content words are; a citation is *relevant* when
//! its passage alone holds at least half of them. It undercounts paraphrase, so read both as
//! floors. The corpus replays it on its lessons from documents (`just quality`), and
//! `sources_bench` on lessons the model writes from made-up documents.

use serde::{Deserialize, Serialize};

use crate::grounding::passages::{self, Passage};
use crate::lexicon::is_function_word;
use crate::storyboard::{Scene, Storyboard, Visual};

/// A lesson's citations, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citations {
    /// Narrated sentences that cite a passage.
    pub cited_sentences: usize,
    /// Of those, the ones their cited passages support.
    pub supported: usize,
    /// Citations, counted once for each sentence that carries them.
    pub cites: usize,
    /// Of those, the ones whose passage alone holds half the sentence's content words.
    pub relevant: usize,
}

impl Citations {
    pub fn add(&mut self, other: &Citations) {
        self.cited_sentences += other.cited_sentences;
        self.supported += other.supported;
        self.cites += other.cites;
        self.relevant += other.relevant;
    }

    /// Citation support (ALCE's recall), when any sentence cites a passage.
    pub fn support(&self) -> Option<f64> {
        share(self.supported, self.cited_sentences)
    }

    /// Citation relevance (ALCE's precision), when any sentence cites a passage.
    pub fn relevance(&self) -> Option<f64> {
        share(self.relevant, self.cites)
    }
}

fn share(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

/// Judges the citations of `storyboard`'s narrated sentences against `all`, the passages it
/// was written from. A sentence carries the citations that name it, and those of its beat
/// that name no sentence.
pub fn citations(storyboard: &Storyboard, all: &[Passage]) -> Citations {
    let mut counted = Citations::default();
    for scene in storyboard.scenes.iter().filter(|s| !is_sources_slide(s)) {
        for beat in 0..scene.narration.len() {
            for (sentence, cites) in scene.cited_sentences(beat) {
                let cited: Vec<&Passage> = cites
                    .iter()
                    .filter_map(|c| all.iter().find(|p| p.is_cited_by(c)))
                    .collect();
                if cited.is_empty() {
                    continue;
                }
                counted.cited_sentences += 1;
                let words = content_words(sentence);
                let held = |support: &str| {
                    let theirs = content_words(support);
                    words.iter().filter(|w| theirs.contains(w)).count()
                };
                let support: String = cited
                    .iter()
                    .map(|p| p.support())
                    .collect::<Vec<_>>()
                    .join(" ");
                if passages::unsupported(sentence, &support).is_none()
                    && held(&support) * 10 >= words.len() * 6
                {
                    counted.supported += 1;
                }
                for passage in &cited {
                    counted.cites += 1;
                    if held(&passage.support()) * 2 >= words.len() {
                        counted.relevant += 1;
                    }
                }
            }
        }
    }
    counted
}

/// The closing slide that names the documents: it teaches nothing.
pub fn is_sources_slide(scene: &Scene) -> bool {
    matches!(&scene.visual, Visual::Bullets { heading, .. }
        if heading == crate::grounding::SOURCES_HEADING)
}

/// `text` in lower case with every run of other characters than letters and digits one space,
/// between spaces: " 40 000 cells ".
pub fn normal(text: &str) -> String {
    let mut out = String::from(" ");
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    if !out.ends_with(' ') {
        out.push(' ');
    }
    out
}

/// The words of `text` that carry its content: not function words, at least three letters,
/// without a plural's "s".
fn content_words(text: &str) -> Vec<String> {
    normal(text)
        .split_whitespace()
        .filter(|w| w.chars().count() >= 3 && !is_function_word(w))
        .map(|w| w.strip_suffix('s').unwrap_or(w).to_string())
        .collect()
}

/// The sentences of a beat, split after a full stop, question or exclamation mark followed
/// by a space and a capital.
pub fn sentences(beat: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = beat.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        current.push(c);
        let ends = matches!(c, '.' | '?' | '!')
            && chars.get(i + 1) == Some(&' ')
            && chars.get(i + 2).is_some_and(|n| n.is_uppercase());
        if ends {
            out.push(current.trim().to_string());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storyboard::Cite;

    fn passage(number: u32, text: &str) -> Passage {
        Passage {
            source_id: "notes".into(),
            title: "Glass notes".into(),
            passage: number,
            page: None,
            heading: None,
            text: text.into(),
        }
    }

    /// A one-scene lesson; each beat's citations are (passage, sentence).
    fn lesson(narration: &[&str], cites: Vec<Vec<(u32, Option<u32>)>>) -> Storyboard {
        let cites = cites
            .into_iter()
            .map(|beat| {
                beat.into_iter()
                    .map(|(passage, sentence)| Cite {
                        source_id: "notes".into(),
                        passage,
                        page: None,
                        sentence,
                    })
                    .collect()
            })
            .collect();
        Storyboard {
            version: crate::storyboard::STORYBOARD_VERSION,
            title: "Glass".into(),
            subject: crate::titles::Subject::Science,
            level: 2,
            show_level: true,
            target_minutes: 1.0,
            wpm: lectern_contract::Wpm::new(150),
            origin: crate::storyboard::Origin::Model,
            scenes: vec![Scene {
                visual: Visual::Bullets {
                    heading: "The lehr".into(),
                    items: vec!["Held at 512 degrees".into(), "Makes lenses stronger".into()],
                },
                narration: narration.iter().map(|s| s.to_string()).collect(),
                cites,
            }],
            sources: Vec::new(),
            checkpoints: Vec::new(),
            from_sources: None,
        }
    }

    #[test]
    fn a_sentence_its_passage_states_is_supported_and_a_passage_that_says_nothing_of_it_is_not_relevant()
     {
        let all = [
            passage(0, "The lehr is an annealing oven held at 512 degrees."),
            passage(1, "Orla Quist founded the glassworks in 1873."),
        ];
        let storyboard = lesson(
            &[
                "The lehr is an annealing oven held at 512 degrees.",
                "The lehr makes the lenses stronger and more beautiful.",
            ],
            vec![vec![(0, None), (1, None)], vec![(0, None)]],
        );
        assert_eq!(
            citations(&storyboard, &all),
            Citations {
                cited_sentences: 2,
                supported: 1,
                cites: 3,
                relevant: 1,
            }
        );
    }

    #[test]
    fn a_citation_naming_its_sentence_is_judged_with_that_sentence_alone() {
        let all = [
            passage(0, "The lehr is an annealing oven held at 512 degrees."),
            passage(1, "Orla Quist founded the glassworks in 1873."),
        ];
        let beat = "The lehr is an annealing oven held at 512 degrees. \
                    Orla Quist founded the glassworks in 1873.";
        let one_by_one = lesson(&[beat], vec![vec![(0, Some(0)), (1, Some(1))]]);
        assert_eq!(
            citations(&one_by_one, &all),
            Citations {
                cited_sentences: 2,
                supported: 2,
                cites: 2,
                relevant: 2,
            }
        );
        // The same passages given to the beat: each sentence carries both, one irrelevant.
        let whole_beat = lesson(&[beat], vec![vec![(0, None), (1, None)]]);
        assert_eq!(
            citations(&whole_beat, &all),
            Citations {
                cited_sentences: 2,
                supported: 2,
                cites: 4,
                relevant: 2,
            }
        );
    }
}
