//! Comparison rows that compare nothing (empty, the same on both sides, the column titles
//! again): why a comparison is asked again, and how one still hollow after is mended.

use std::collections::HashSet;

use super::written::key;
use crate::storyboard::{ComparisonRow, Scene, Visual};

/// Whether a comparison row says nothing: empty, the same on both sides, only the column
/// titles again (seen: "Monetary Policy" | "Fiscal Policy" under those very titles), or a
/// few words that are the same on both sides but for the titles' own words (seen:
/// "Quantity supplied" | "Quantity demanded" under "Supply" and "Demand").
fn empty_row(row: &ComparisonRow, left_title: &str, right_title: &str) -> bool {
    let (left, right) = (key(&row.left), key(&row.right));
    let titles: HashSet<String> = [left_title, right_title]
        .iter()
        .flat_map(|title| stems(title))
        .collect();
    let rest = |side: &str| -> Vec<String> {
        stems(side)
            .into_iter()
            .filter(|stem| !titles.contains(stem))
            .collect()
    };
    let (left_rest, right_rest) = (rest(&row.left), rest(&row.right));
    left.is_empty()
        || right.is_empty()
        || left == right
        || left == key(left_title)
        || right == key(right_title)
        || (left_rest == right_rest && left_rest.len() <= 2)
}

/// The words of `text`, each folded to its first five letters ("supplied" and "Supply" are
/// both "suppl").
fn stems(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase().chars().take(5).collect())
        .collect()
}

/// Why a comparison should be written again: half its rows or more say nothing.
pub(super) fn empty_comparison(scene: &Scene) -> Option<String> {
    let Visual::Comparison {
        left_title,
        right_title,
        rows,
        ..
    } = &scene.visual
    else {
        return None;
    };
    if same_titles(left_title, right_title) {
        return Some(
            "its two columns have the same title; title each column with one of the two things compared"
                .to_string(),
        );
    }
    let empty = rows_saying_nothing(rows, left_title, right_title)
        .into_iter()
        .filter(|&nothing| nothing)
        .count();
    (empty * 2 >= rows.len())
        .then(|| "its rows repeat the column titles instead of comparing the two sides".to_string())
}

/// Two column titles that are one (seen: "The water cycle in action" over both columns, under
/// the heading "The water cycle in action").
fn same_titles(left: &str, right: &str) -> bool {
    key(left) == key(right)
}

/// For each row, whether it says nothing: an [`empty_row`], or an earlier row with its sides
/// swapped (seen: "Evaporation" | "Condensation", then "Condensation" | "Evaporation").
fn rows_saying_nothing(rows: &[ComparisonRow], left_title: &str, right_title: &str) -> Vec<bool> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            empty_row(row, left_title, right_title)
                || rows[..i]
                    .iter()
                    .any(|r| key(&r.left) == key(&row.right) && key(&r.right) == key(&row.left))
        })
        .collect()
}

/// A comparison whose second writing still has rows that say nothing keeps its other rows;
/// their sentences are said after them. With no row left it becomes a list of the two things
/// compared, each with its sentence.
pub(super) fn mend_comparison(scene: &mut Scene) {
    if !super::rules::on("mend_comparison") {
        return;
    }
    let Visual::Comparison {
        heading,
        left_title,
        right_title,
        rows,
    } = &mut scene.visual
    else {
        return;
    };
    if same_titles(left_title, right_title) {
        // No two sides to compare: the cells are the things named, a bullet each, said by
        // the beats as they were.
        let mut items: Vec<String> = Vec::new();
        for cell in rows.iter().flat_map(|r| [&r.left, &r.right]) {
            if !cell.trim().is_empty() && !items.iter().any(|i| key(i) == key(cell)) {
                items.push(cell.trim().to_string());
            }
        }
        items.truncate(scene.narration.len().clamp(1, crate::storyboard::MAX_ITEMS));
        if items.is_empty() {
            items.push(left_title.clone());
        }
        scene.visual = Visual::Bullets {
            heading: heading.clone(),
            items,
        };
        return;
    }
    let mut kept_rows = Vec::new();
    let mut kept_beats = Vec::new();
    let mut moved = Vec::new();
    let nothing = rows_saying_nothing(rows, left_title, right_title);
    for (i, (row, says_nothing)) in rows.drain(..).zip(nothing).enumerate() {
        let beat = scene.narration.get(i).cloned();
        if says_nothing {
            moved.extend(beat);
        } else {
            kept_rows.push(row);
            kept_beats.extend(beat);
        }
    }
    let extra: Vec<String> = scene
        .narration
        .iter()
        .skip(kept_rows.len() + moved.len())
        .cloned()
        .collect();
    if kept_rows.is_empty() {
        let (left, right) = (left_title.clone(), right_title.clone());
        let mut beats = moved;
        while beats.len() < 2 {
            beats.push(format!(
                "{left} and {right} are the two sides of this comparison."
            ));
        }
        scene.visual = Visual::Bullets {
            heading: heading.clone(),
            items: vec![left, right],
        };
        beats.extend(extra);
        scene.narration = beats;
    } else {
        *rows = kept_rows;
        kept_beats.extend(moved);
        kept_beats.extend(extra);
        scene.narration = kept_beats;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_with_one_title_over_both_columns_or_rows_swapped_is_no_comparison() {
        let row = |l: &str, r: &str| ComparisonRow {
            left: l.into(),
            right: r.into(),
        };
        let beats = |n: usize| {
            (1..=n)
                .map(|i| format!("Sentence {i}."))
                .collect::<Vec<_>>()
        };
        // A Water cycle scene on the 1.5B model: the heading over both columns, and its
        // second row the first one swapped.
        let mut scene = Scene {
            visual: Visual::Comparison {
                heading: "The water cycle in action".into(),
                left_title: "The water cycle in action".into(),
                right_title: "The water cycle in action".into(),
                rows: vec![
                    row("Evaporation", "Condensation"),
                    row("Condensation", "Evaporation"),
                ],
            },
            narration: beats(3),
            cites: Vec::new(),
        };
        assert!(empty_comparison(&scene).unwrap().contains("same title"));
        mend_comparison(&mut scene);
        let Visual::Bullets { heading, items } = &scene.visual else {
            panic!("{:?}", scene.visual)
        };
        assert_eq!(heading, "The water cycle in action");
        assert_eq!(items, &["Evaporation", "Condensation"]);
        assert_eq!(scene.narration, beats(3));

        let swapped = Scene {
            visual: Visual::Comparison {
                heading: "Two processes".into(),
                left_title: "Evaporation".into(),
                right_title: "Condensation".into(),
                rows: vec![
                    row("Liquid becomes gas", "Gas becomes liquid"),
                    row("Gas becomes liquid", "Liquid becomes gas"),
                ],
            },
            narration: beats(2),
            cites: Vec::new(),
        };
        assert!(empty_comparison(&swapped).is_some());
        let mut kept = swapped.clone();
        mend_comparison(&mut kept);
        let Visual::Comparison { rows, .. } = &kept.visual else {
            panic!()
        };
        assert_eq!(rows, &[row("Liquid becomes gas", "Gas becomes liquid")]);
        assert_eq!(
            kept.narration,
            beats(2),
            "the swapped row's sentence is said after"
        );
    }

    #[test]
    fn comparison_rows_that_only_repeat_their_titles_go() {
        let row = |l: &str, r: &str| ComparisonRow {
            left: l.into(),
            right: r.into(),
        };
        let mut scene = Scene {
            visual: Visual::Comparison {
                heading: "Inflation and government policies".into(),
                left_title: "Monetary Policy".into(),
                right_title: "Fiscal Policy".into(),
                rows: vec![
                    row("Monetary policy", "Fiscal policy"),
                    row("Set by the central bank", "Set by the government"),
                    row("Monetary Policy", "Fiscal Policy"),
                ],
            },
            narration: vec![
                "One.".into(),
                "Two.".into(),
                "Three.".into(),
                "Four.".into(),
            ],
            cites: Vec::new(),
        };
        assert!(empty_comparison(&scene).is_some());
        let titled = |l: &str, r: &str| empty_row(&row(l, r), "Supply", "Demand");
        assert!(titled("Quantity supplied", "Quantity demanded"));
        assert!(titled("When supply increases", "When demand increases"));
        assert!(!titled("The price may decrease", "The price may increase"));
        assert!(!titled("Producers", "Consumers"));
        assert!(!empty_row(
            &row("Produces oxygen", "Uses oxygen"),
            "Photosynthesis",
            "Respiration"
        ));
        mend_comparison(&mut scene);
        let Visual::Comparison { rows, .. } = &scene.visual else {
            panic!()
        };
        assert_eq!(rows.len(), 1);
        assert_eq!(scene.narration, ["Two.", "One.", "Three.", "Four."]);

        let mut none_left = Scene {
            visual: Visual::Comparison {
                heading: "H".into(),
                left_title: "Monetary Policy".into(),
                right_title: "Fiscal Policy".into(),
                rows: vec![row("Monetary Policy", "Fiscal Policy")],
            },
            narration: vec!["Central banks set interest rates.".into()],
            cites: Vec::new(),
        };
        mend_comparison(&mut none_left);
        assert!(matches!(&none_left.visual, Visual::Bullets { items, .. } if items.len() == 2));
        assert_eq!(none_left.narration.len(), 2);
    }
}
