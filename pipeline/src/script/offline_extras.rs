//! More topic-generic scenes for the offline writer, used to fill long videos (10 minutes and
//! more) towards their word budget. Like the scenes in `offline.rs`, they are study guidance
//! that is true whatever the topic: the topic is only a name, and nothing is claimed about it.

use super::build::{scene, strings};
use crate::storyboard::{ComparisonRow, Scene, Visual, WorkedStep};

fn row(left: &str, right: &str) -> ComparisonRow {
    ComparisonRow {
        left: left.into(),
        right: right.into(),
    }
}

fn step(text: &str) -> WorkedStep {
    WorkedStep {
        text: text.into(),
        math: None,
    }
}

/// In the order they are tried: the most useful first, since a medium-length video takes
/// only the first few.
pub(super) fn more_extra_scenes(t: &str) -> Vec<Scene> {
    vec![
        scene(
            Visual::Bullets {
                heading: "Read a source actively".into(),
                items: strings(&[
                    "Skim the headings and figures first",
                    "Write one question before each section",
                    "Read the section, then close it",
                    "Write down what you remember",
                    "Reopen it to check and correct",
                ]),
            },
            &[
                format!("When you read a chapter or an article on {t}, skim its headings and figures first, so that you know the shape of it before the detail."),
                "Before each section, write one question you expect it to answer.".into(),
                "Read that section once, carefully, and then close it.".into(),
                "Write down what you remember, in your own words, without peeking.".into(),
                "Then reopen the section to check, and correct your notes in a different colour, so that you can see what you missed.".into(),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Worked example: a three-sentence summary".into(),
                problem: format!("Summarise one section of a source on {t} in exactly three sentences."),
                steps: vec![
                    step("Sentence one: the main claim or idea of the section"),
                    step("Sentence two: the reason or evidence the source gives for it"),
                    step("Sentence three: what it leads to, or what it leaves open"),
                ],
                answer: "A summary short enough to reread in under a minute".into(),
            },
            &[
                format!("Here is an exercise for any section you read on {t}: summarise it in exactly three sentences, and let the first state its main claim or idea."),
                "The second sentence gives the reason or the evidence that the source offers for that claim.".into(),
                "The third says what the idea leads to, or which question it leaves open.".into(),
                "The limit of three sentences forces you to decide what matters, and the result is short enough to reread in under a minute.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Draw a concept map".into(),
                items: strings(&[
                    "Put the topic in the centre of a page",
                    "Add the main ideas around it",
                    "Join related ideas with arrows",
                    "Label each arrow with a verb",
                    "Redraw the map from memory a week later",
                ]),
            },
            &[
                format!("A concept map shows how ideas relate, so write {t} in the centre of a blank page."),
                "Around it, add the main ideas you have met so far, one short phrase each.".into(),
                "Join every pair of ideas that are related with an arrow.".into(),
                "Label each arrow with a verb, such as causes, contains or depends on, because the label is where the understanding is.".into(),
                "A week later, redraw the map from memory and compare it with the first one: the missing arrows show you what to review.".into(),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Where does it fit?".into(),
                left_title: "What it builds on".into(),
                right_title: "What builds on it".into(),
                rows: vec![
                    row("What must I know first?", "What does it make possible?"),
                    row("Which earlier idea does it extend?", "Which later topics use it?"),
                    row("Which of its terms do I already know?", "What could I not do without it?"),
                ],
            },
            &[
                format!("No topic stands alone, so ask where {t} fits: what must you know first, and what does it make possible?"),
                "Which earlier idea does it extend, and which later topics use it?".into(),
                "Which of its terms do you already know from elsewhere, and what could you not do without it?".into(),
                "Your course outline or the contents page of a textbook will help you answer these questions; if you find a gap in what it builds on, fill that first.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Keep a mistake log".into(),
                items: strings(&[
                    "Write down every mistake you make",
                    "Note what you thought, and what was right",
                    "Name the cause: a fact, a method or a slip",
                    "Redo the problem a few days later",
                ]),
            },
            &[
                "Mistakes are the most useful feedback you get, so keep a log and write down every one you make in practice.".into(),
                "For each, note what you thought at the time, and what the right answer was.".into(),
                "Then name the cause: a fact you did not know, a method you misapplied, or a simple slip.".into(),
                "A few days later, redo the problem without looking, and cross the entry out only when you get it right.".into(),
            ],
        ),
        scene(
            Visual::Quiz {
                question: "You got a practice question wrong. What is the most useful next step?".into(),
                options: strings(&[
                    "Read the correct answer and move on",
                    "Log the mistake and its cause, then redo it later",
                    "Avoid questions of that kind for now",
                ]),
                answer: 1,
                explanation: Some(
                    "Naming the cause and retrying later turns a mistake into practice; reading the answer only feels like learning."
                        .into(),
                ),
            },
            &[
                "A quick check: you got a practice question wrong; what is the most useful next step?".into(),
                "The answer is to log the mistake and its cause, then redo the question a few days later.".into(),
                "Reading the correct answer feels like learning, but only answering it yourself shows that you can.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Choose practice problems well".into(),
                items: strings(&[
                    "Start with problems that have worked solutions",
                    "Cover every section, not only your favourite",
                    "Mix easy problems with a few hard ones",
                    "Attempt each one before you look at the solution",
                    "Keep the ones you got wrong for later",
                ]),
            },
            &[
                format!("Practice is where learning {t} happens, so choose problems well, and start with ones that come with worked solutions."),
                "Cover every section of the material, not only the one you like best.".into(),
                "Mix easy problems, which build confidence, with a few hard ones, which show you where the limits of your understanding are.".into(),
                "Make a real attempt at each problem before you look at its solution, even if the attempt is wrong.".into(),
                "And keep the problems you got wrong, because they are the best ones to try again next week.".into(),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Blocked and interleaved practice".into(),
                left_title: "Blocked".into(),
                right_title: "Interleaved".into(),
                rows: vec![
                    row("One kind of problem at a time", "Different kinds mixed together"),
                    row("The chapter tells you the method", "You choose the method each time"),
                    row("Feels smooth and fast", "Feels slower and harder"),
                    row("Strong on the day", "Often remembered better later"),
                ],
            },
            &[
                "Blocked practice works through one kind of problem at a time; interleaved practice mixes different kinds together.".into(),
                "In a block, the chapter tells you which method to use; when problems are mixed, you must choose the method yourself.".into(),
                "That is why blocked practice feels smooth and fast, while interleaving feels slower and harder.".into(),
                format!("Yet studies of interleaving often find better results in later tests, so once you know the basics of {t}, mix problems from different sections."),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Spacing reviews after the first week".into(),
                left_title: "If recall was easy".into(),
                right_title: "If recall was hard".into(),
                rows: vec![
                    row("Roughly double the gap", "Go back to a short gap"),
                    row("Review in two weeks, then a month", "Review again in two or three days"),
                    row("Add harder questions", "Rework one example first"),
                ],
            },
            &[
                "After the first week, let each review decide the next one: if recall was easy, roughly double the gap; if it was hard, go back to a short gap.".into(),
                "So an easy review might lead to the next in two weeks, and then in a month, while a hard one calls for another in two or three days.".into(),
                "And when recall is easy, add harder questions; when it is hard, rework one example before you test yourself again.".into(),
                "A calendar or a flashcard app can keep this schedule for you, so that all you have to do is turn up.".into(),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Set goals you can check".into(),
                left_title: "Vague".into(),
                right_title: "Checkable".into(),
                rows: vec![
                    row("Get better at it", "Solve five practice problems without help"),
                    row("Study it this week", "Score eight out of ten on a self-test by Friday"),
                    row("Read the chapter", "Draw the chapter's concept map from memory"),
                ],
            },
            &[
                format!("A vague goal such as getting better at {t} never tells you when you are done, while solving five practice problems without help does."),
                "Studying it this week is a wish; scoring eight out of ten on a self-test by Friday is a goal you can check.".into(),
                "And reading the chapter only says what you did, while drawing its concept map from memory shows what you learned.".into(),
            ],
        ),
        scene(
            Visual::Definition {
                term: "The illusion of knowing".into(),
                definition: "The feeling that you know something because it looks familiar, before you can produce it from memory.".into(),
                example: Some(format!("After rereading a page on {t}, it feels clear; close the book and try to write its main points.")),
            },
            &[
                "The illusion of knowing is the feeling that you know something because it looks familiar, before you can produce it from memory.".into(),
                format!("For example, a page on {t} feels clear after a second reading; close the book, try to write its main points, and see how many come back."),
                "Recognising an idea and recalling it are different skills, and an exam asks for the second one.".into(),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Worked example: a flashcard that works".into(),
                problem: format!("Turn one idea from {t} into flashcards that test understanding."),
                steps: vec![
                    step("Ask one precise question on the front"),
                    step("Write a short answer in your own words on the back"),
                    step("Add a second card that asks why, not only what"),
                ],
                answer: "A small deck you answer aloud before turning each card".into(),
            },
            &[
                format!("Flashcards are a simple way to test yourself on {t}, if you make them well: put one precise question on the front, not a whole topic."),
                "On the back, write a short answer in your own words, not a sentence copied from the book.".into(),
                "Then add a second card that asks why the idea is true, or what it is for, not only what it is.".into(),
                "When you review, say your answer aloud before you turn the card, so that you cannot fool yourself.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Plan a study session".into(),
                items: strings(&[
                    "Decide one checkable goal",
                    "Put distractions out of reach",
                    "Start with a few minutes of recall",
                    "Work in focused blocks with short breaks",
                    "End by writing down the next task",
                ]),
            },
            &[
                "Before a study session, decide one goal that you can check at the end.".into(),
                "Put your phone and other distractions out of reach, even for a short session.".into(),
                "Start with a few minutes of recall: write what you remember from last time before you open your notes.".into(),
                "Then work in focused blocks with short breaks in between; many people find that blocks of twenty-five to fifty minutes suit them.".into(),
                "And end by writing down the next task, so that the following session starts straight away.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "When you get stuck".into(),
                items: strings(&[
                    "Write down what the question asks",
                    "Try a simpler version first",
                    "Study one worked example, then close it",
                    "Pin down exactly where you are stuck",
                    "Ask for help, showing what you tried",
                ]),
            },
            &[
                format!("Everyone studying {t} gets stuck sometimes; when it happens, first write down, in your own words, what the question asks."),
                "Try a simpler version of the problem first, with smaller numbers or fewer parts.".into(),
                "Study one worked example of a similar problem, then close it and try yours again.".into(),
                "If you are still stuck, pin down the exact step where you lose the thread.".into(),
                "Then ask a teacher, a classmate or a forum for help, and show what you tried: a precise question gets a precise answer.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Use pictures as well as words".into(),
                items: strings(&[
                    "Sketch a diagram of how it works",
                    "Draw a flowchart of any process",
                    "Make a table comparing similar ideas",
                    "Explain each drawing aloud",
                ]),
            },
            &[
                format!("Words are not the only way to hold an idea, so sketch a diagram of how {t} works, even a rough one."),
                "If it involves a process, draw it as a flowchart, one box per step.".into(),
                "When two ideas are easy to confuse, make a table that compares them side by side.".into(),
                "Then explain each drawing aloud, because a picture you cannot explain is only decoration.".into(),
            ],
        ),
        scene(
            Visual::Quiz {
                question: format!("A page on {t} feels clear after rereading it. What does that show?"),
                options: strings(&[
                    "That you have learned it",
                    "Only that it looks familiar: test yourself to find out",
                    "That you should reread it once more",
                ]),
                answer: 1,
                explanation: Some(
                    "Familiarity is not recall: only answering without the page shows what you have learned."
                        .into(),
                ),
            },
            &[
                format!("Check yourself: a page on {t} feels clear after rereading it; what does that show?"),
                "Only that it looks familiar: close the page and test yourself to find out what you really know.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Study with someone else".into(),
                items: strings(&[
                    "Take turns explaining one section each",
                    "Let your partner keep asking why",
                    "Swap the self-test questions you wrote",
                    "Compare your concept maps",
                ]),
            },
            &[
                format!("Studying {t} with a partner works best when you both do the thinking, so take turns explaining one section each."),
                "While one of you explains, the other keeps asking why, until the explanation reaches something you both know.".into(),
                "Swap the self-test questions you have written, and answer each other's without notes.".into(),
                "Then compare your concept maps: every arrow one of you drew and the other did not is worth a discussion.".into(),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Worked example: write an exam question".into(),
                problem: format!("Write one exam-style question on {t}, with the answer you would expect."),
                steps: vec![
                    step("Choose an idea you found hard"),
                    step("Ask for an explanation or an application, not a list"),
                    step("Write the expected answer, point by point"),
                ],
                answer: "A question to swap with a classmate or save for your next review".into(),
            },
            &[
                format!("Writing questions is a good test of understanding: write one exam-style question on {t}, and start by choosing an idea you found hard."),
                "Ask for an explanation or an application, not just a list of facts.".into(),
                "Then write the answer you would expect, point by point, as a marker would.".into(),
                "The result is a question to swap with a classmate, or to save for your next review.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Look after the basics".into(),
                items: strings(&[
                    "Sleep well after a day of study",
                    "Study when you are alert",
                    "Prefer regular sessions to rare long ones",
                    "Move about during breaks",
                ]),
            },
            &[
                "Memory depends on the body too: sleep after a day of study helps new memories settle, so do not trade it for late nights.".into(),
                "Study the hardest parts when you are most alert, and save easy tasks for when you are tired.".into(),
                "Regular sessions of moderate length beat rare long ones, for the same reason that spaced reviews do.".into(),
                "And move about during breaks: a short walk clears your head better than a screen.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Take notes you will use".into(),
                items: strings(&[
                    "Leave a wide margin for questions",
                    "Write ideas in your own words",
                    "Mark what you do not understand yet",
                    "End each page with a two-line summary",
                    "Cover the notes and answer the margin",
                ]),
            },
            &[
                format!("Notes on {t} are only useful if you use them again, so leave a wide margin on each page for questions."),
                "In the main column, write ideas in your own words rather than copying sentences, because rephrasing forces you to process them.".into(),
                "Mark anything you do not understand yet with a question mark, so that it cannot hide.".into(),
                "At the bottom of each page, write a two-line summary of what the page says.".into(),
                "Later, cover the main column and answer the questions in the margin: your notes have become a self-test.".into(),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Worked example: find your weak spots".into(),
                problem: format!("Find the three weakest parts of your knowledge of {t}."),
                steps: vec![
                    step("List the sections of your course or textbook"),
                    step("Rate each one from memory: shaky, patchy or solid"),
                    step("Test yourself on each section to check the rating"),
                ],
                answer: "The three lowest-scoring sections, to study first".into(),
            },
            &[
                format!("Time is limited, so spend it where it counts: to find your weakest parts of {t}, first list the sections of your course or textbook."),
                "Rate each section from memory as shaky, patchy or solid, without looking anything up.".into(),
                "Then test yourself with a few questions on each section, because feelings of confidence are often wrong in both directions.".into(),
                "The three sections with the lowest scores are the ones to study first, and the ones to recheck next week.".into(),
            ],
        ),
        scene(
            Visual::Definition {
                term: "Faded worked examples".into(),
                definition: "A series of examples in which each leaves more steps for you to do, until you solve whole problems alone.".into(),
                example: Some(format!("Copy a solved problem on {t}, blank out its last step and redo it; next time blank out two steps.")),
            },
            &[
                "Faded worked examples are a series of examples in which each one leaves more steps for you to do, until you solve whole problems alone.".into(),
                format!("For example, copy a solved problem on {t}, blank out its last step and redo it; next time, blank out the last two steps."),
                "Beginners learn a lot from studying complete examples, and fading them out moves you step by step from following a solution to producing one.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Questions to ask of any claim".into(),
                items: strings(&[
                    "Who says so, and how do they know?",
                    "What evidence or reasoning is given?",
                    "Do other good sources agree?",
                    "What would show it to be wrong?",
                ]),
            },
            &[
                format!("Not everything written about {t} is right, so for any claim you read, ask who says so, and how they know."),
                "Ask what evidence or reasoning is given, and whether it really supports the claim.".into(),
                "Check whether other good sources agree, especially ones written independently of each other.".into(),
                "And ask what would show the claim to be wrong: a claim that nothing could contradict tells you very little.".into(),
            ],
        ),
        scene(
            Visual::Definition {
                term: "Metacognition".into(),
                definition: "Thinking about your own thinking: knowing what you understand, what you do not, and which ways of studying work for you.".into(),
                example: Some(format!("Before a self-test on {t}, predict your score; afterwards, compare it with the real one.")),
            },
            &[
                "Metacognition means thinking about your own thinking: knowing what you understand, what you do not, and which ways of studying work for you.".into(),
                format!("A simple way to practise it: before a self-test on {t}, predict your score, and afterwards compare the prediction with the real one."),
                "If your predictions are often too high, trust the tests more than your feelings, and test yourself more often.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Get more from a lecture or video".into(),
                items: strings(&[
                    "Look over the topic beforehand",
                    "Note questions and key ideas, not every word",
                    "Rewrite your notes within a day",
                    "Answer your questions from memory",
                ]),
            },
            &[
                format!("Before a lecture or video on {t}, spend five minutes looking over the topic, so that the new material has something to attach to."),
                "During it, note questions and key ideas rather than trying to write down every word.".into(),
                "Within a day, rewrite your notes properly, while you still remember what the scribbles meant.".into(),
                "And a few days later, answer the questions you noted from memory, before checking them.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Keep going".into(),
                items: strings(&[
                    "Track what you can do now that you could not before",
                    "Aim for short, regular sessions",
                    "Tell someone what your goal is",
                    "Count finished tasks, not hours",
                ]),
            },
            &[
                format!("Learning {t} takes weeks, not an evening, so keep a list of things you can do now that you could not do before."),
                "Aim for short, regular sessions: they are easier to start than long ones, and easier to keep up.".into(),
                "Tell a friend or a classmate what your goal is, and when you plan to reach it.".into(),
                "And count the tasks you finished, not the hours you sat at a desk, because only the tasks show progress.".into(),
            ],
        ),
        scene(
            Visual::Bullets {
                heading: "Make it concrete".into(),
                items: strings(&[
                    "Find a real case where it appears",
                    "Invent a small example of your own",
                    "Change one detail and predict the effect",
                    "Find a non-example, and say why it is not one",
                ]),
            },
            &[
                format!("Abstract ideas become clear through cases, so find one real situation where {t} appears."),
                "Then invent a small example of your own, as simple as you can make it.".into(),
                "Change one detail of your example, and predict what difference it makes before you check.".into(),
                "Finally, find a non-example, something that looks similar but does not count, and say exactly why it does not.".into(),
            ],
        ),
        scene(
            Visual::WorkedExample {
                heading: "Worked example: tell two ideas apart".into(),
                problem: format!("Pick two ideas in {t} that are easy to confuse, and tell them apart."),
                steps: vec![
                    step("Write one sentence about each idea"),
                    step("List what the two have in common"),
                    step("Name the difference that matters most"),
                ],
                answer: "A rule for telling them apart, with an example of each".into(),
            },
            &[
                format!("Many mistakes come from mixing up similar ideas, so pick two ideas in {t} that are easy to confuse, and write one sentence about each."),
                "Next, list what the two have in common, since that is why they get confused.".into(),
                "Then name the one difference that matters most, the one that decides which idea applies.".into(),
                "You end with a rule for telling them apart, and an example of each to remember it by.".into(),
            ],
        ),
        scene(
            Visual::Comparison {
                heading: "Practise under test conditions".into(),
                left_title: "Everyday practice".into(),
                right_title: "Test conditions".into(),
                rows: vec![
                    row("Notes open", "Notes closed"),
                    row("No time limit", "A fixed time"),
                    row("Check each answer at once", "Mark everything at the end"),
                ],
            },
            &[
                format!("If you will be examined on {t}, some of your practice should feel like the exam: everyday practice is done with notes open, a test with them closed."),
                "Practice has no time limit, while a test gives you a fixed time, so try a few timed sessions.".into(),
                "And in practice you check each answer at once, while under test conditions you mark everything at the end.".into(),
                "Doing this once or twice before the real test shows you both what you know and how you handle the pressure.".into(),
            ],
        ),
        scene(
            Visual::Quiz {
                question: "In a concept map, where does most of the understanding show?".into(),
                options: strings(&[
                    "In the number of boxes",
                    "In the verbs that label the arrows",
                    "In the colours and layout",
                ]),
                answer: 1,
                explanation: Some(
                    "Boxes only name ideas; a labelled arrow states how two ideas are related, which is what you need to understand."
                        .into(),
                ),
            },
            &[
                "A question on the methods in this video: in a concept map, where does most of the understanding show?".into(),
                "In the verbs that label the arrows, because each one states how two ideas are related.".into(),
            ],
        ),
    ]
}
