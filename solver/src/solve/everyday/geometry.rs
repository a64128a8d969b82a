//! Standard geometry from its words: rectangles and squares (area, perimeter, and a side from
//! the area), circles (exact in pi, then rounded), right triangles by Pythagoras, triangles'
//! areas, and the volumes of boxes, cubes, cylinders and spheres.

use super::{Amount, Worked, amounts, mentions, rounded, shown, step};
use crate::kind::ProblemKind;
use crate::rational::Rational;
use crate::solve::Step;

pub(super) fn solve(s: &str) -> Option<Worked> {
    let all = amounts(s);
    if mentions(s, &["rectangle", "rectangular"])
        && (mentions(s, &["longer", "wider", "twice", "more than"])
            || s.contains("times as long as it is wide"))
    {
        return rectangle_from_area(s, &all);
    }
    if mentions(s, &["diagonal"]) {
        return diagonal(s, &all);
    }
    if mentions(
        s,
        &[
            "hypotenuse",
            "ladder",
            "pythagor",
            "right triangle",
            "right angled",
            "right-angled",
            "legs",
            "leg",
        ],
    ) {
        return pythagoras(s, &all);
    }
    if mentions(s, &["circle", "circumference"]) {
        return circle(s, &all);
    }
    if mentions(s, &["cylinder"]) {
        return cylinder(s, &all);
    }
    if mentions(s, &["sphere", "ball"]) && mentions(s, &["volume"]) {
        return sphere(s, &all);
    }
    // "cubed" is a power, not a cube: the solids are named as whole words.
    if mentions(s, &["volume"])
        || [" box", "cuboid", "prism", "a cube"]
            .iter()
            .any(|w| s.contains(w))
    {
        return solid(s, &all);
    }
    if mentions(s, &["triangle"]) && mentions(s, &["area"]) {
        return triangle(s, &all);
    }
    if mentions(
        s,
        &[
            "rectangle",
            "rectangular",
            "square",
            "garden",
            "field",
            "room",
            "floor",
        ],
    ) {
        return rectangle(s, &all);
    }
    None
}

/// The amount that follows one of `names` within a few words: "radius of 3 cm".
fn named(s: &str, all: &[Amount], names: &[&str]) -> Option<Amount> {
    let words: Vec<&str> = s.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if names.iter().any(|n| w.starts_with(n)) {
            let after = all.iter().find(|a| a.word > i && a.word <= i + 4);
            // "7 m long", "a 5 cm radius": the amount just before the word.
            let before = all.iter().rev().find(|a| a.word < i && a.word + 3 >= i);
            let adjective = ["long", "wide", "tall", "high", "deep"]
                .contains(&w.trim_matches(|c: char| !c.is_alphabetic()));
            let found = if adjective {
                before.or(after)
            } else {
                after.or(before)
            };
            if let Some(a) = found {
                return Some(a.clone());
            }
        }
    }
    None
}

/// The length unit of the amounts, when they have one.
fn length_unit(all: &[Amount]) -> String {
    all.iter()
        .map(|a| a.unit.trim_end_matches("^2").trim_end_matches("^3"))
        .find(|u| matches!(*u, "mm" | "cm" | "m" | "km" | "in" | "ft" | "yd" | "mi"))
        .unwrap_or("")
        .to_string()
}

fn with_unit(value: &str, unit: &str, power: u32) -> String {
    match (unit, power) {
        ("", _) => value.to_string(),
        (u, 1) => format!("{value} {u}"),
        (u, p) => format!("{value} {u}^{p}"),
    }
}

fn length(a: &Amount, unit: &str) -> String {
    if unit.is_empty() {
        format!("({})", shown(a.value))
    } else {
        format!("({} {unit})", shown(a.value))
    }
}

fn worked(reading: String, steps: Vec<Step>, answer: String) -> Option<Worked> {
    Some(Worked {
        kind: ProblemKind::Geometry,
        reading,
        steps,
        answer,
    })
}

/// `name = k pi unit^p`, then its value rounded: the steps of a formula with pi in it.
fn with_pi(
    name: &str,
    formula: &str,
    put_in: String,
    k: Rational,
    unit: &str,
    power: u32,
    words: &str,
) -> Option<Worked> {
    let exact = format!(
        "{}pi",
        if k == Rational::ONE {
            String::new()
        } else {
            shown(k)
        }
    );
    let value = k.numer() as f64 / k.denom() as f64 * std::f64::consts::PI;
    let approx = rounded(value);
    let exact_with = with_unit(&exact, unit, power);
    let approx_with = with_unit(&approx, unit, power);
    worked(
        put_in.clone(),
        vec![
            step(
                format!("{name} = {put_in}"),
                format!("{name} = {exact_with}"),
                &format!("Use {formula}"),
                format!(
                    "The {words} is {formula}; putting in the given values gives {exact} exactly."
                ),
            ),
            step(
                format!("{name} = {exact_with}"),
                format!("{name} ≈ {approx_with}"),
                "Round to two decimal places",
                format!("With pi ≈ 3.14159, that is about {approx_with}."),
            ),
        ],
        format!("{name} = {exact} ≈ {approx_with}"),
    )
}

fn circle(s: &str, all: &[Amount]) -> Option<Worked> {
    let worked = circle_of_radius(s, all)?;
    let Some(diameter) = named(s, all, &["radius", "radii"])
        .is_none()
        .then(|| named(s, all, &["diameter"]))
        .flatten()
    else {
        return Some(worked);
    };
    // From a diameter: the radius first, so that the set-up uses the words' amount.
    let unit = length_unit(all);
    let halved = format!("{} / 2", length(&diameter, &unit));
    let radius = diameter.value.div(Rational::integer(2)).ok()?;
    let mut worked = worked;
    worked.steps.insert(
        0,
        step(
            format!("r = {halved}"),
            format!("r = {}", with_unit(&shown(radius), &unit, 1)),
            "Halve the diameter",
            "The radius is half the diameter.",
        ),
    );
    worked.reading = format!("r = {halved}; {}", worked.reading);
    Some(worked)
}

fn circle_of_radius(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let radius = match named(s, all, &["radius", "radii"]) {
        Some(r) => r.value,
        None => named(s, all, &["diameter"])?
            .value
            .div(Rational::integer(2))
            .ok()?,
    };
    let r = Amount {
        value: radius,
        unit: String::new(),
        word: 0,
    };
    if mentions(s, &["circumference", "perimeter"]) {
        let k = radius.mul(Rational::integer(2)).ok()?;
        return with_pi(
            "C",
            "C = 2 pi r",
            format!("2pi {}", length(&r, &unit)),
            k,
            &unit,
            1,
            "circumference of a circle",
        );
    }
    if !mentions(s, &["area"]) {
        return None;
    }
    let k = radius.mul(radius).ok()?;
    with_pi(
        "A",
        "A = pi r^2",
        format!("pi {}^2", length(&r, &unit)),
        k,
        &unit,
        2,
        "area of a circle",
    )
}

fn cylinder(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let radius = match named(s, all, &["radius"]) {
        Some(r) => r.value,
        None => named(s, all, &["diameter"])?
            .value
            .div(Rational::integer(2))
            .ok()?,
    };
    let height = named(s, all, &["height", "tall", "high", "long"])?;
    let r = Amount {
        value: radius,
        unit: String::new(),
        word: 0,
    };
    let k = radius.mul(radius).ok()?.mul(height.value).ok()?;
    with_pi(
        "V",
        "V = pi r^2 h",
        format!("pi {}^2 {}", length(&r, &unit), length(&height, &unit)),
        k,
        &unit,
        3,
        "volume of a cylinder",
    )
}

fn sphere(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let radius = match named(s, all, &["radius"]) {
        Some(r) => r.value,
        None => named(s, all, &["diameter"])?
            .value
            .div(Rational::integer(2))
            .ok()?,
    };
    let r = Amount {
        value: radius,
        unit: String::new(),
        word: 0,
    };
    let k = radius.pow(3).ok()?.mul(Rational::new(4, 3).ok()?).ok()?;
    with_pi(
        "V",
        "V = 4/3 pi r^3",
        format!("4/3 pi {}^3", length(&r, &unit)),
        k,
        &unit,
        3,
        "volume of a sphere",
    )
}

/// "a box 2 m by 3 m by 4 m", "length 5, width 3 and height 2", "a cube with side 3 cm".
fn solid(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let lengths: Vec<&Amount> = all
        .iter()
        .filter(|a| a.unit.is_empty() || a.unit == unit)
        .collect();
    let sides: Vec<Amount> = if s.contains("cube ") && lengths.len() == 1 {
        vec![lengths[0].clone(); 3]
    } else if lengths.len() == 3 {
        lengths.into_iter().cloned().collect()
    } else {
        return None;
    };
    let product = sides
        .iter()
        .try_fold(Rational::ONE, |acc, a| acc.mul(a.value).ok())?;
    let put_in = sides
        .iter()
        .map(|a| length(a, &unit))
        .collect::<Vec<_>>()
        .join("");
    let answer = with_unit(&shown(product), &unit, 3);
    worked(
        put_in.clone(),
        vec![step(
            format!("V = {put_in}"),
            format!("V = {answer}"),
            "Multiply length, width and height",
            "The volume of a box is its length times its width times its height.",
        )],
        format!("V = {answer}"),
    )
}

fn triangle(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let base = named(s, all, &["base"])?;
    let height = named(s, all, &["height"])?;
    let area = base
        .value
        .mul(height.value)
        .ok()?
        .div(Rational::integer(2))
        .ok()?;
    let put_in = format!("1/2 {}{}", length(&base, &unit), length(&height, &unit));
    let answer = with_unit(&shown(area), &unit, 2);
    worked(
        put_in.clone(),
        vec![step(
            format!("A = {put_in}"),
            format!("A = {answer}"),
            "Use A = 1/2 b h",
            "The area of a triangle is half its base times its height.",
        )],
        format!("A = {answer}"),
    )
}

/// Area or perimeter of a rectangle or square.
fn rectangle(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    if let Some(side) = asked_side(s) {
        return rectangle_side(s, all, &unit, side);
    }
    // One given to find the other ("a perimeter of 20 cm; what is its area?") is not worked
    // from the sides: a square's side would be taken for 20 cm.
    if mentions(s, &["perimeter"]) && mentions(s, &["area"]) {
        return None;
    }
    let asked = question(s);
    let lengths: Vec<&Amount> = all
        .iter()
        .filter(|a| a.unit.is_empty() || a.unit == unit)
        .collect();
    let (l, w) = match lengths.as_slice() {
        [side] if mentions(s, &["square"]) => ((*side).clone(), (*side).clone()),
        [a, b] => {
            let l = named(s, all, &["length", "long"]).unwrap_or_else(|| (*a).clone());
            let w = named(s, all, &["width", "wide"]).unwrap_or_else(|| (*b).clone());
            (l, w)
        }
        _ => return None,
    };
    if mentions(
        asked,
        &["perimeter", "fence", "fencing", "around", "border"],
    ) {
        let p = l.value.add(w.value).ok()?.mul(Rational::integer(2)).ok()?;
        let put_in = format!("2{} + 2{}", length(&l, &unit), length(&w, &unit));
        let answer = with_unit(&shown(p), &unit, 1);
        return worked(
            put_in.clone(),
            vec![step(
                format!("P = {put_in}"),
                format!("P = {answer}"),
                "Use P = 2l + 2w",
                "The perimeter goes round all four sides: two lengths and two widths.",
            )],
            format!("P = {answer}"),
        );
    }
    if !mentions(asked, &["area", "carpet", "tiles", "cover"]) {
        return None;
    }
    let a = l.value.mul(w.value).ok()?;
    let put_in = format!("{}{}", length(&l, &unit), length(&w, &unit));
    let answer = with_unit(&shown(a), &unit, 2);
    worked(
        put_in.clone(),
        vec![step(
            format!("A = {put_in}"),
            format!("A = {answer}"),
            "Use A = l w",
            "The area of a rectangle is its length times its width.",
        )],
        format!("A = {answer}"),
    )
}

/// The question of a problem: from its last question word on ("what", "find", "how", ...),
/// or the whole problem when it has none.
fn question(s: &str) -> &str {
    s.split(' ')
        .enumerate()
        .filter(|(_, w)| QUESTION_WORDS.contains(w))
        .last()
        .map(|(i, _)| {
            let at: usize = s.split(' ').take(i).map(|w| w.len() + 1).sum();
            &s[at..]
        })
        .unwrap_or(s)
}

const QUESTION_WORDS: [&str; 6] = ["what", "find", "how", "calculate", "compute", "determine"];

/// "The diagonal of a square with side 5 cm", "a 6 cm by 8 cm rectangle's diagonal": the
/// hypotenuse of the right triangle two sides make.
fn diagonal(s: &str, all: &[Amount]) -> Option<Worked> {
    // A diagonal given to find a side is not these rules'.
    if !mentions(question(s), &["diagonal"]) {
        return None;
    }
    let sides = match all {
        [side] if mentions(s, &["square"]) => vec![side.clone(), side.clone()],
        [_, _] if mentions(s, &["rectangle", "rectangular"]) => all.to_vec(),
        _ => return None,
    };
    pythagoras("", &sides)
}

/// The side of a rectangle its question asks for: "What is its width?", "how long is it".
fn asked_side(s: &str) -> Option<&'static str> {
    let asked = question(s);
    if asked.len() == s.len() && !QUESTION_WORDS.iter().any(|w| s.starts_with(w)) {
        return None;
    }
    match (
        mentions(asked, &["width", "wide"]),
        mentions(asked, &["length", "long"]),
    ) {
        (true, false) => Some("width"),
        (false, true) => Some("length"),
        _ => None,
    }
}

/// "The perimeter of a rectangle is 30 cm and its length is 9 cm. What is its width?": the
/// other side from the perimeter (`w = (P - 2l) / 2`) or from the area (`w = A / l`).
fn rectangle_side(s: &str, all: &[Amount], unit: &str, asked: &str) -> Option<Worked> {
    let [first, second] = all else {
        return None;
    };
    let is_area = match (mentions(s, &["perimeter"]), mentions(s, &["area"])) {
        (true, false) => false,
        (false, true) => true,
        _ => return None,
    };
    let (short, formula, other_side) = if asked == "width" {
        ("w", ["l", "w"], ["length", "long"])
    } else {
        ("l", ["w", "l"], ["width", "wide"])
    };
    let known = named(s, all, &other_side)?;
    let total = if *first == known { second } else { first };
    if *total == known
        || known.value.is_zero()
        || (is_area && !(total.unit.ends_with("^2") || total.unit.is_empty()))
    {
        return None;
    }
    let known = &known;
    let known_length = length(known, unit);
    let (before, value, rule, sentence) = if is_area {
        (
            format!("{short} = {} / {known_length}", length(total, &total.unit)),
            total.value.div(known.value).ok()?,
            format!("Use A = lw, so {short} = A / {}", formula[0]),
            "The area is length times width, so one side is the area divided by the other.",
        )
    } else {
        (
            format!(
                "{short} = ({} - 2{known_length}) / 2",
                length(total, unit).trim_matches(['(', ')'])
            ),
            total
                .value
                .sub(known.value.mul(Rational::integer(2)).ok()?)
                .ok()?
                .div(Rational::integer(2))
                .ok()?,
            format!("Use P = 2l + 2w, so {short} = (P - 2{}) / 2", formula[0]),
            "The perimeter is two lengths and two widths: take away the two sides we know and \
             halve what is left.",
        )
    };
    if value.is_negative() || value.is_zero() {
        return None;
    }
    let answer = format!("{short} = {}", with_unit(&shown(value), unit, 1));
    worked(
        before.clone(),
        vec![step(before, answer.clone(), &rule, sentence)],
        answer,
    )
}

/// "A rectangle is 3 cm longer than it is wide and its area is 40 cm^2. Find its width."
fn rectangle_from_area(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    // The perimeter when the problem gives one and no area, else the area.
    let perimeter = named(s, all, &["perimeter"]).filter(|_| !mentions(s, &["area"]));
    let total = match &perimeter {
        Some(p) => p.clone(),
        None => all
            .iter()
            .find(|a| a.unit.ends_with("^2"))
            .cloned()
            .or_else(|| named(s, all, &["area"]))?,
    };
    // "3 times as long as it is wide": the number before "times".
    let times = s.find(" times as long as it is wide").and_then(|at| {
        let word = s[..at].split_whitespace().next_back()?;
        ["two", "three", "four", "five", "six"]
            .iter()
            .position(|w| *w == word)
            .map(|i| Rational::integer(i as i128 + 2))
            .or_else(|| super::exact(word))
    });
    let relation = if let Some(k) = times {
        format!("{}w", shown(k))
    } else if mentions(s, &["twice"]) {
        "2w".to_string()
    } else {
        let extra = all.iter().find(|a| a.word != total.word)?.value;
        format!("w + {}", shown(extra))
    };
    let equation = if perimeter.is_some() {
        format!("2w + 2({relation}) = {}", shown(total.value))
    } else {
        format!("w({relation}) = {}", shown(total.value))
    };
    // The equation in w, solved by the quadratic or linear solver, then the positive root.
    let solved = crate::solve::solve(&equation).ok()?;
    let roots: Vec<Rational> = solved
        .final_answer
        .split(',')
        .filter_map(|part| super::exact(part.trim().trim_start_matches("w =").trim()))
        .collect();
    let width = roots
        .into_iter()
        .filter(|r| !r.is_negative() && !r.is_zero())
        .max()?;
    let mut steps = solved.steps;
    if let Some(first) = steps.first_mut() {
        first.narration = format!(
            "Call the width w; then the length is {relation}, and the {} gives {equation}. {}",
            if perimeter.is_some() && !mentions(s, &["area"]) {
                "perimeter"
            } else {
                "area, length times width,"
            },
            first.narration
        );
    }
    // What the question asks ("3 times as long as it is wide ... Find its length").
    let asked = question(s);
    let wants_length =
        mentions(asked, &["length", "long"]) && !mentions(asked, &["width", "wide", "dimensions"]);
    let last = steps.last().map(|st| st.after.clone()).unwrap_or_default();
    let width_line = format!("w = {}", shown(width));
    if last != width_line {
        steps.push(step(
            last,
            width_line.clone(),
            "Keep the positive root",
            "A width cannot be negative, so only the positive root is a width.",
        ));
    }
    if wants_length {
        let l = format!("{} + {}", shown(width), relation.trim_start_matches("w + "));
        let factor = relation
            .strip_suffix('w')
            .filter(|k| !k.is_empty() && !k.contains(' '))
            .and_then(super::exact);
        let value = match factor {
            Some(k) => width.mul(k).ok()?,
            None => super::exact(&l)?,
        };
        let before = match factor {
            Some(k) => format!("{}({})", shown(k), shown(width)),
            None => l,
        };
        steps.push(step(
            before,
            shown(value),
            "Find the length",
            "The length follows from the width.",
        ));
        return worked(equation, steps, with_unit(&shown(value), &unit, 1));
    }
    worked(equation, steps, with_unit(&shown(width), &unit, 1))
}

/// The hypotenuse from two legs, or a leg from the hypotenuse and the other leg.
fn pythagoras(s: &str, all: &[Amount]) -> Option<Worked> {
    let unit = length_unit(all);
    let lengths: Vec<&Amount> = all
        .iter()
        .filter(|a| a.unit.is_empty() || a.unit == unit)
        .collect();
    let [a, b] = lengths.as_slice() else {
        return None;
    };
    // A ladder against a wall is the hypotenuse of the triangle it makes with the wall and
    // the ground.
    // Given when the words name it and the question asks for another side ("The hypotenuse
    // of a right triangle is 10 and one side is 6. Find the other side.").
    let asked = question(s);
    let hyp_given = ["hypotenuse", "ladder"]
        .into_iter()
        .any(|side| s.contains(side) && !asked.contains(side));
    // Asked for a hypotenuse the words give ("the hypotenuse is 13 ... how long is the
    // hypotenuse?"): not a question these rules answer.
    let words: Vec<&str> = s.split_whitespace().collect();
    let hyp_stated = words.iter().enumerate().any(|(i, w)| {
        w.starts_with("hypotenuse") && all.iter().any(|a| a.word > i && a.word <= i + 2)
    });
    if asked.contains("hypotenuse") && hyp_stated {
        return None;
    }
    let (a, b) = (a.value, b.value);
    let (name, equation, square) = if hyp_given {
        let (c, leg) = if a > b { (a, b) } else { (b, a) };
        (
            "b",
            format!("b^2 = {}^2 - {}^2", shown(c), shown(leg)),
            c.mul(c).ok()?.sub(leg.mul(leg).ok()?).ok()?,
        )
    } else {
        (
            "c",
            format!("c^2 = {}^2 + {}^2", shown(a), shown(b)),
            a.mul(a).ok()?.add(b.mul(b).ok()?).ok()?,
        )
    };
    let root = square.sqrt();
    let mut steps = vec![
        step(
            if hyp_given {
                "a^2 + b^2 = c^2".to_string()
            } else {
                "c^2 = a^2 + b^2".to_string()
            },
            equation.clone(),
            "Use Pythagoras' theorem",
            "In a right triangle the square of the hypotenuse is the sum of the squares of the legs.",
        ),
        step(
            equation.clone(),
            format!("{name}^2 = {}", shown(square)),
            "Square and add",
            "Work out the squares.",
        ),
    ];
    let answer = match root {
        Some(r) => {
            steps.push(step(
                format!("{name}^2 = {}", shown(square)),
                format!("{name} = {}", shown(r)),
                "Take the positive square root",
                "A length is positive, so take the positive square root.",
            ));
            with_unit(&format!("{name} = {}", shown(r)), &unit, 1)
        }
        None => {
            let value = (square.numer() as f64 / square.denom() as f64).sqrt();
            steps.push(step(
                format!("{name}^2 = {}", shown(square)),
                format!("{name} = sqrt({}) ≈ {}", shown(square), rounded(value)),
                "Take the positive square root",
                "A length is positive, so take the positive square root and round it.",
            ));
            with_unit(
                &format!("{name} = sqrt({}) ≈ {}", shown(square), rounded(value)),
                &unit,
                1,
            )
        }
    };
    // The first step states the theorem with the letters; the problem's values are put in
    // for the legs only when it names them, so it is the arithmetic that is checked.
    steps.remove(0);
    worked(equation, steps, answer)
}
