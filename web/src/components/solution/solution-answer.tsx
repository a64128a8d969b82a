import { Icon } from '@/components/ui/icon';
import type { Solution } from '@/types/solution';
import '@/components/solution/solution.css';

/** A solved problem's answer, and how much of the working a computation checked. */
export function SolutionAnswer({ solution, showSteps = false }: { solution: Solution; showSteps?: boolean }) {
  const checked = solution.steps.filter((s) => s.checked).length;
  const total = solution.steps.length;
  return (
    <div className="solution-answer" data-testid="solution-answer">
      <p className="solution-answer__line">
        <span className="solution-answer__label">Answer</span>
        <span className="solution-answer__value">{solution.final_answer}</span>
        {solution.answer_checked ? (
          <span className="solution-answer__check">
            <Icon name="check-circle" /> Checked
          </span>
        ) : (
          <span className="solution-answer__unchecked">Not checked by computation</span>
        )}
      </p>
      <p className="solution-answer__summary">
        {total === 0
          ? 'No working shown.'
          : checked === total
            ? `All ${total} ${total === 1 ? 'step was' : 'steps were'} checked by computation.`
            : `${checked} of ${total} steps were checked by computation; the others are shown without a check mark.`}
      </p>
      {showSteps && total > 0 ? (
        <ol className="solution-steps">
          {solution.steps.map((step, i) => (
            <li key={i} className="solution-steps__item">
              <span className="solution-steps__math">{step.after}</span>
              <span className="solution-steps__rule">{step.rule}</span>
              {step.checked ? (
                // A span has no role to carry an aria-label (axe's aria-prohibited-attr): the word is text.
                <span className="solution-steps__check">
                  <Icon name="check" />
                  <span className="visually-hidden">checked</span>
                </span>
              ) : (
                <span className="solution-steps__unchecked">not checked</span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
