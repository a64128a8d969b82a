//! A lesson written from a learner's document (issue 50), through the scene-by-scene writer
//! on a scripted model: a made-up process (its dates, temperatures and names known to no
//! model) given as passages, every narrated sentence cited, a sentence stating a figure its
//! passage does not is written again or left out, and the Sources slide names the document.

use lectern_pipeline::grounding::{Passage, SOURCES_HEADING};
use lectern_pipeline::script::{Brief, JsonModel, Turn, write_scene_by_scene};
use lectern_pipeline::storyboard::Visual;
use lectern_pipeline::{Minutes, Wpm};
use serde_json::{Value, json};

const DOCUMENT: &str = "veltrane-notes";
const TITLE: &str = "Notes on the Veltrane glassworks";

/// The document's passages, in the order retrieval gave them: numbered [1] to [5] in every
/// request.
fn passages() -> Vec<Passage> {
    let passage = |n: u32, page: u32, heading: &str, text: &str| Passage {
        source_id: DOCUMENT.into(),
        title: TITLE.into(),
        passage: n,
        page: Some(page),
        heading: Some(heading.into()),
        text: text.into(),
    };
    vec![
        passage(
            0,
            1,
            "Founding",
            "The Veltrane glassworks was founded in 1873 by Orla Quist on the banks of the river \
             Amsel. Its first furnace burned peat and made bottles for the brewers of Tolmerby.",
        ),
        passage(
            1,
            2,
            "Annealing",
            "After shaping, each pane rests in the lehr, a long annealing oven held at 512 \
             degrees. The pane cools by four degrees an hour so that no strain is frozen into the \
             glass.",
        ),
        passage(
            3,
            3,
            "Quenching",
            "Quist's method of quenching plunges the hot pane into brine at 9 degrees for \
             exactly eleven seconds. The quenched surface hardens before the core, which is why \
             Veltrane glass rings when struck.",
        ),
        passage(
            4,
            4,
            "Trade",
            "By 1901 the works shipped panes to eleven countries. The brine recipe stayed a \
             family secret until 1932, when Ansel Quist published it in the guild's yearbook.",
        ),
        passage(
            5,
            5,
            "Inspection",
            "Every pane is tapped with a birch rod by an inspector called a ringer. A pane that \
             does not ring clear is broken and sent back to the furnace as cullet.",
        ),
    ]
}

/// What the scripted model says: its plan, its scenes (each sentence ending with the number
/// of its passage, as it was asked), its summary; every sentence it is asked to check is
/// correct. One sentence states a temperature its passage does not and is written again with
/// it still wrong; another states a wrong oven temperature and is written again right; a
/// third makes a claim with no figure or name that its passage does not make (glass safe in
/// ovens), which the model, shown the passage, does not support.
struct Reader;

/// Sentences said in a scene, by its heading: the element sentences first, then the extra
/// ones.
fn scene_sentences(heading: &str) -> Vec<&'static str> {
    match heading {
        "Shaping and annealing" => vec![
            "After shaping, every pane rests in the lehr, which is a long annealing oven [2].",
            "The lehr holds the glass at 520 degrees while the pane slowly loses its heat [2].",
            "Workers at the lehr keep the brine at 14 degrees during the winter months [3].",
            "In the lehr a pane cools by only four degrees an hour [2].",
            "Cooling that slowly means that no strain is frozen into the finished glass [2].",
            "An inspector called a ringer taps every pane with a birch rod [5].",
            "A pane that does not ring clear is broken and goes back to the furnace as cullet [5].",
        ],
        _ => vec![
            "Quist's method plunges the hot pane into a bath of brine at 9 degrees [3].",
            "The pane stays in the brine for exactly eleven seconds before it is lifted out [3].",
            "The quenched surface hardens before the core of the pane has cooled [3].",
            "This difference is why Veltrane glass rings like a bell when it is struck [3].",
            "The brine recipe stayed a family secret of the Quist family until 1932 [4].",
            "In 1932 Ansel Quist published the recipe in the yearbook of the guild [4].",
            "By 1901 the works shipped its panes to eleven countries [4].",
            "The brine also makes the glass safe to use in ovens [3].",
        ],
    }
}

fn count(schema: &Value, field: &str) -> usize {
    schema["properties"][field]["minItems"]
        .as_u64()
        .unwrap_or(0) as usize
}

impl JsonModel for Reader {
    async fn complete_json(
        &self,
        turns: &[Turn],
        name: &str,
        schema: Value,
    ) -> Result<String, lectern_pipeline::script::ScriptError> {
        let Some(Turn::User(request)) = turns.last() else {
            return Ok("{}".into());
        };
        let answer = match name {
            "lesson_plan" => {
                let scenes = count(&schema, "scenes");
                let planned = [
                    json!({"kind": "bullets", "heading": "Shaping and annealing", "teaches": "how each pane is annealed in the lehr after shaping"}),
                    json!({"kind": "bullets", "heading": "Quenching in brine", "teaches": "how Quist's method quenches the pane in brine"}),
                ];
                json!({
                    "title": "Quenching Veltrane glass",
                    "subtitle": "From the lehr to the brine",
                    "opening": [
                        "The Veltrane glassworks was founded in 1873 by Orla Quist on the river Amsel [1].",
                        "Its first furnace burned peat and made bottles for the brewers of Tolmerby [1].",
                    ],
                    "scenes": planned.iter().cycle().take(scenes).collect::<Vec<_>>(),
                })
            }
            "bullets" => {
                let heading = if request.contains("Shaping and annealing") {
                    "Shaping and annealing"
                } else {
                    "Quenching in brine"
                };
                let said = scene_sentences(heading);
                let (points, more) = (count(&schema, "points"), count(&schema, "more"));
                let bullets = if heading == "Shaping and annealing" {
                    [
                        "Panes rest in the lehr",
                        "The lehr holds a steady heat",
                        "Winter brine is kept cold",
                        "Cooling is slow and even",
                        "Strain is never frozen in",
                    ]
                } else {
                    [
                        "Hot panes plunge into brine",
                        "Eleven seconds in the bath",
                        "Surfaces harden before cores",
                        "Quenched glass rings when struck",
                        "A recipe kept in the family",
                    ]
                };
                json!({
                    "points": (0..points).map(|i| json!({
                        "bullet": bullets[i % bullets.len()],
                        "say": said[i % said.len()],
                    })).collect::<Vec<_>>(),
                    "more": (points..points + more).map(|i| said[i % said.len()]).collect::<Vec<_>>(),
                })
            }
            "summary" => {
                let points = count(&schema, "points");
                let recap = [
                    (
                        "The lehr anneals every pane",
                        "Every pane cools slowly in the lehr so that the glass holds no strain [2].",
                    ),
                    (
                        "Brine quenches the surface",
                        "The brine hardens the surface of the pane before its core [3].",
                    ),
                    (
                        "Quenched glass rings clear",
                        "That is why a quenched Veltrane pane rings when it is struck [3].",
                    ),
                    (
                        "The recipe was published late",
                        "The secret brine recipe was only published in 1932 [4].",
                    ),
                ];
                json!({
                    "points": (0..points).map(|i| {
                        let (point, say) = recap[i % recap.len()];
                        json!({"point": point, "say": say})
                    }).collect::<Vec<_>>(),
                })
            }
            // The sentence written again with the reason it could not be used.
            "sentence" if request.contains("520 degrees") => {
                json!({"sentence": "The lehr holds the glass at 512 degrees while the pane slowly loses its heat [2]."})
            }
            "sentence" => {
                json!({"sentence": "In winter the brine is still kept at 14 degrees by the workers [3]."})
            }
            "more" => json!({"more": []}),
            // Shown a passage and a sentence alone: no support for a claim the passage does
            // not make.
            "passage_support" => json!({"supported": !request.contains("ovens")}),
            _ => json!({"correct": true}),
        };
        Ok(answer.to_string())
    }
}

fn brief() -> Brief {
    Brief {
        passages: passages(),
        ..Brief::new(
            "Quenching Veltrane glass",
            1,
            Minutes::whole(2),
            Wpm::new(130),
        )
    }
}

#[tokio::test]
async fn a_lesson_from_a_document_cites_each_sentence_and_leaves_out_a_figure_it_lacks() {
    let storyboard = write_scene_by_scene(&Reader, &brief(), None)
        .await
        .expect("the lesson is written");
    let narration: Vec<&str> = storyboard
        .scenes
        .iter()
        .flat_map(|s| s.narration.iter().map(String::as_str))
        .collect();
    let all = narration.join(" ");

    // The sentence whose temperature its passage does not state is gone, written again or
    // not; the one written again right is said as the passage gives it.
    assert!(!all.contains("14 degrees"), "{all}");
    assert!(!all.contains("520"), "{all}");
    assert!(all.contains("512 degrees"), "{all}");
    // The claim its passage does not make is left out, though it names nothing.
    assert!(!all.contains("ovens"), "{all}");
    // The passage numbers are out of what is said.
    assert!(!all.contains('['), "{all}");

    let from = storyboard
        .from_sources
        .as_ref()
        .expect("what the lesson was written from");
    let check = from.check;
    assert!(check.dropped >= 1, "{check:?}");
    assert!(check.asked_again >= 2, "{check:?}");
    assert!(check.supported >= 10, "{check:?}");
    assert_eq!(
        check.checked,
        check.supported + check.dropped + check.kept_unsupported + check.uncited,
        "{check:?}"
    );

    // Cites: one list a beat, naming the passage (and page) each sentence rests on.
    let quench = storyboard
        .scenes
        .iter()
        .find(|s| s.visual.heading() == "Quenching in brine")
        .expect("the quenching scene");
    assert_eq!(quench.cites.len(), quench.narration.len());
    let brine = quench
        .narration
        .iter()
        .position(|s| s.contains("eleven seconds"))
        .unwrap_or_else(|| panic!("the brine's time is said: {all}"));
    let brine_cites: Vec<(&str, u32, Option<u32>)> = quench.cites[brine]
        .iter()
        .map(|c| (c.source_id.as_str(), c.passage, c.page))
        .collect();
    assert_eq!(brine_cites, [(DOCUMENT, 3, Some(3))]);
    // Each citation names the sentence of its beat it rests on.
    let said = &quench.narration[brine];
    for (sentence, cites) in quench.cited_sentences(brine) {
        assert!(!cites.is_empty(), "{sentence:?} of {said:?} cites nothing");
    }
    assert!(
        quench.cites[brine].iter().all(|c| c.sentence.is_some()),
        "{:?}",
        quench.cites[brine]
    );
    let opening = &storyboard.scenes[0];
    assert_eq!(
        opening.cites[0][0].passage, 0,
        "the opening cites the founding"
    );

    // The Sources slide names the document and the pages used.
    let sources = storyboard.scenes.last().expect("a last scene");
    let Visual::Bullets { heading, items } = &sources.visual else {
        panic!("the Sources slide is a list: {sources:?}");
    };
    assert_eq!(heading, SOURCES_HEADING);
    assert!(
        items[0].starts_with(TITLE) && items[0].contains("pages 1, 2, 3"),
        "{items:?}"
    );
    assert!(sources.narration[0].contains(TITLE));
    assert_eq!(from.documents.len(), 1);
    assert_eq!(from.documents[0].source_id, DOCUMENT);
    assert_eq!(from.documents[0].pages[..3], [1, 2, 3]);

    // The study sheet lists the document with its pages before any other source.
    let sheet = lectern_pipeline::study_sheet::sheet(&storyboard);
    assert!(
        sheet.sources[0].starts_with(TITLE) && sheet.sources[0].contains("pages 1, 2, 3"),
        "{:?}",
        sheet.sources
    );

    // It survives a round trip as JSON, and a storyboard without cites reads as before.
    let text = serde_json::to_string(&storyboard).unwrap();
    let back: lectern_pipeline::Storyboard = serde_json::from_str(&text).unwrap();
    assert_eq!(back, storyboard);
    back.validate().expect("a cited storyboard is valid");
}
