//! Readings written by someone else for a student's words (a language model translating them
//! into the notation): accepted only when the solver reads them, they state a problem rather
//! than its answer, and they use every amount of the words with the unit the words give it.

use lectern_solver::{accept_reading, in_notation};

const AGES: &str = "Ann is 6 years older than Ben, and together they are 40. How old is Ben?";

#[test]
fn a_reading_that_uses_every_amount_is_accepted_and_solved() {
    let reading = accept_reading(AGES, "b + (b + 6) = 40").unwrap();
    assert_eq!(reading.reading, "b + (b + 6) = 40");
    assert_eq!(reading.kind, "linear_equation");
    assert!(reading.solvable);
    assert_eq!(reading.detail, "Lectern reads this as: b + (b + 6) = 40");
}

#[test]
fn a_reading_that_leaves_out_an_amount_is_refused_naming_it() {
    let reason = accept_reading(AGES, "b + b = 40").unwrap_err();
    assert!(reason.contains("does not use 6"), "{reason}");
    let reason = accept_reading(
        "A $60 jacket is 25% off and the tax is 8%. What does it cost?",
        "60 - 25/100 * 60",
    )
    .unwrap_err();
    assert!(reason.contains("does not use 8%"), "{reason}");
}

#[test]
fn an_amount_in_words_is_an_amount_too() {
    const HALF: &str = "Half of a number, less 4, is 10. Find the number.";
    let reason = accept_reading(HALF, "2x + 4 = 10").unwrap_err();
    assert!(reason.contains("does not use \"half of\""), "{reason}");
    for right in ["x/2 - 4 = 10", "1/2 x - 4 = 10", "0.5x - 4 = 10"] {
        assert!(accept_reading(HALF, right).is_ok(), "{right}");
    }
    let twice = "Seven more than twice a number is 29. Find the number.";
    assert!(accept_reading(twice, "x + 7 = 29").is_err());
    assert!(accept_reading(twice, "2x + 7 = 29").is_ok());
    let double = "I think of a number, double it and subtract 5, and get 19. What is my number?";
    assert!(accept_reading(double, "x - 5 = 19").is_err());
    assert!(accept_reading(double, "2x - 5 = 19").is_ok());
    // Number words that are no amount are not asked for.
    for (words, reading) in [
        (
            "Two numbers add up to 50 and one is 12 more than the other. Find the smaller one.",
            "x + (x + 12) = 50",
        ),
        (
            "Ann is 6 years older than Ben, and half their ages add to 20. How old is Ben?",
            "b + 6 = 20",
        ),
        (
            "It takes half an hour to walk 3 km. How fast is that?",
            "3 km / 30 min",
        ),
    ] {
        assert!(accept_reading(words, reading).is_ok(), "{words}: {reading}");
    }
}

#[test]
fn a_reading_with_another_unit_than_the_words_is_refused() {
    let reason = accept_reading(
        "A rectangle is 3 cm longer than it is wide and its area is 40 cm^2. Find its width.",
        "w(w + 3 m) = 40",
    )
    .unwrap_err();
    assert!(reason.contains("3 cm"), "{reason}");
}

#[test]
fn an_answer_is_not_a_reading() {
    for answer in ["17", "-4", " 12 "] {
        let reason = accept_reading(AGES, answer).unwrap_err();
        assert!(
            reason.contains("is a number, not the problem"),
            "{answer}: {reason}"
        );
    }
}

#[test]
fn words_and_empty_or_long_readings_are_refused() {
    let reason = accept_reading(AGES, "Ben is seventeen").unwrap_err();
    assert!(
        reason.contains("not in the calculator's notation"),
        "{reason}"
    );
    assert_eq!(
        accept_reading(AGES, "  ").unwrap_err(),
        "the notation is empty"
    );
    let long = format!("b + (b + 6) = 40{}", " + 0".repeat(100));
    assert!(
        accept_reading(AGES, &long)
            .unwrap_err()
            .contains("longer than")
    );
}

#[test]
fn a_reading_of_another_kind_than_the_rules_is_accepted() {
    let words = "What does x times x minus 9, over x minus 3, get close to when x approaches 3?";
    let reading = accept_reading(words, "lim_(x->3) ((x^2 - 9)/(x - 3))").unwrap();
    assert_eq!(reading.kind, "limit");
    assert!(reading.solvable);
    let words = "The log with base 2 of the number that is one more than x equals 3.";
    let reading = accept_reading(words, "log_2(x + 1) = 3").unwrap();
    assert_eq!(reading.kind, "logarithmic_equation");
}

#[test]
fn a_reading_the_solver_reads_but_does_not_solve_is_accepted_as_unsolvable() {
    let reading = accept_reading("sine of x is one half", "sin(x) = 1/2").unwrap();
    assert!(!reading.solvable);
    assert_eq!(reading.reading, "sin(x) = 1/2");
}

#[test]
fn only_text_outside_the_notation_needs_translating() {
    assert!(in_notation("2x + 3 = 11"));
    assert!(in_notation("lim_(x->1) ((x^2 - 1)/(x - 1))"));
    assert!(!in_notation(
        "Find the limit of (x^2 - 1)/(x - 1) as x approaches 1"
    ));
    assert!(!in_notation(AGES));
}

#[test]
fn a_percentage_set_up_with_units_is_accepted_and_solved_with_its_unit() {
    let words = "A jacket costs $60 and is 25% off. What is the sale price?";
    let reading = accept_reading(words, "$60 - 25% of $60").unwrap();
    assert!(reading.solvable, "{reading:?}");
    assert_eq!(reading.kind, "word_problem");
    let solution = lectern_solver::solve(&reading.reading).unwrap();
    assert_eq!(solution.final_answer, "$45");
    // The set-up must still state the words' problem: another amount is refused.
    let reason = accept_reading(words, "$60 - 20% of $60").unwrap_err();
    assert!(reason.contains("25%"), "{reason}");
}

/// Issue 51: the set-up written out: what each unknown stands for, with its unit, and an
/// amount of the words set aside by name. The equations are solved and checked alone; the
/// answer carries the unit.
#[test]
fn a_set_up_says_what_its_unknowns_stand_for_and_which_amount_is_not_needed() {
    use lectern_solver::{SetUp, check_steps, solve};
    let reading = accept_reading(AGES, "b + (b + 6) = 40, where b is Ben's age (years)").unwrap();
    assert!(reading.solvable, "{reading:?}");
    assert_eq!(
        reading.detail,
        "Lectern reads this as: b + (b + 6) = 40, where b is Ben's age (years)"
    );
    let solution = solve(&reading.reading).unwrap();
    assert_eq!(solution.final_answer, "b = 17");
    let checks = check_steps(&reading.reading, &solution.steps, &solution.final_answer);
    assert!(checks.iter().all(|c| c.is_checked()), "{checks:?}");
    let set_up = SetUp::read(&reading.reading);
    assert_eq!(set_up.with_units(&solution.final_answer), "b = 17 years");

    // An amount the question does not need is named, else the reading is refused.
    let pens = "Pens cost $3 each and Mia has 4 friends. She pays $21 for pens. How many pens?";
    let reason = accept_reading(pens, "3p = 21, where p is the number of pens").unwrap_err();
    assert!(reason.contains("does not use 4"), "{reason}");
    let reading = accept_reading(
        pens,
        "3p = 21, where p is the number of pens; 4 is not needed",
    )
    .unwrap();
    assert_eq!(solve(&reading.reading).unwrap().final_answer, "p = 7");
    let reason = accept_reading(
        pens,
        "3p = 21, where p is the number of pens; 9 is not needed",
    )
    .unwrap_err();
    assert!(
        reason.contains("9 is not an amount of the words"),
        "{reason}"
    );

    // An unknown the equations do not use is no set-up of them.
    let reason =
        accept_reading(AGES, "b + (b + 6) = 40, where a is Ann's age (years)").unwrap_err();
    assert!(reason.contains("not in the equations"), "{reason}");
}
