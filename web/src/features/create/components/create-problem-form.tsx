import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { SolutionAnswer } from '@/components/solution/solution-answer';
import { paths } from '@/config/paths';
import { jobStatusQueryOptions } from '@/lib/job-status';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField, tooLongMessage } from '@/features/create/components/prompt-field';
import { DurationField } from '@/features/create/components/range-field';
import { SwitchField } from '@/features/create/components/switch-field';
import { useCreateForm } from '@/features/create/hooks/use-create-form';
import { useSolutionGeneration } from '@/features/create/hooks/use-solution-generation';
import {
  DEFAULT_DETAIL_LEVEL,
  DEFAULT_PROBLEM_MINUTES,
  DEFAULT_PROBLEM_TYPE,
  DEFAULT_SUBJECT,
  DETAIL_LEVELS,
  MAX_PROBLEM_LENGTH,
  MAX_PROBLEM_MINUTES,
  MIN_PROBLEM_MINUTES,
  PROBLEM_COST,
  PROBLEM_TYPES,
  SUBJECTS,
  type DetailLevel,
} from '@/features/create/lib/solution-request';
import '@/features/create/components/create-lesson.css';

const examples = ['2x + 3 = 11', 'x^2 - 5x + 6 = 0', '2x + 3y = 7; x - y = 1', 'd/dx((x^2 + 1)(x - 3))', '∫ (3x^2 + 2x) dx', '3/4 + 5/6 * 2'];

type CreateProblemFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/** The answer of the finished job, read once from its status. */
function FinishedAnswer({ jobId }: { jobId: string }) {
  const status = useQuery(jobStatusQueryOptions(jobId));
  return status.data?.solution ? <SolutionAnswer solution={status.data.solution} /> : null;
}

export function CreateProblemForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateProblemFormProps) {
  const generation = useSolutionGeneration(userId);
  const [problem, setProblem] = useState('');
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [problemType, setProblemType] = useState(DEFAULT_PROBLEM_TYPE);
  const [detailLevel, setDetailLevel] = useState<DetailLevel>(DEFAULT_DETAIL_LEVEL);
  const [duration, setDuration] = useState(DEFAULT_PROBLEM_MINUTES);
  const [showWork, setShowWork] = useState(true);
  const [problemError, setProblemError] = useState<string | null>(null);
  const problemRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const form = useCreateForm({ generation, cost: PROBLEM_COST, availableCredits, onQueued });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = !problem.trim() ? 'Type or paste the problem to solve.' : tooLongMessage(problem, MAX_PROBLEM_LENGTH);
    if (invalid) {
      setProblemError(invalid);
      problemRef.current?.focus();
      return;
    }
    await form.send(() => generation.start({ problem, subject, problemType, detailLevel, duration, showWork }));
  };

  const solveAnother = () => {
    generation.reset();
    setProblem('');
    problemRef.current?.focus();
  };

  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.problem_text.slice(0, 100) || 'Problem Solution'}
          failedTitle="The problem could not be solved"
          previousPage={paths.problemSolver}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={solveAnother}
          completedDetail={generation.jobId ? <FinishedAnswer jobId={generation.jobId} /> : null}
        />
      </div>
      <form
        className="create-lesson__grid create-lesson__grid--split"
        onSubmit={submit}
        noValidate
        aria-label="Create a problem solution"
      >
        <div className="form-card form-card--prompt">
          <PromptField
            label="What problem should be solved?"
            ref={problemRef}
            math
            rows={4}
            maxLength={MAX_PROBLEM_LENGTH}
            value={problem}
            error={problemError}
            onChange={(value) => {
              setProblem(value);
              setProblemError(null);
            }}
            placeholder="e.g. 2x + 3 = 11"
            help={
              'Type it as you would write it: x^2 for powers, 3/4 for fractions, sqrt(2), d/dx(...), ∫ ... dx; separate ' +
              'the equations of a system with ";".'
            }
            examples={examples}
            examplesLabel="Example problems"
          />
        </div>

        <OrderCard
          title="Your solution"
          features={[
            { icon: 'check-circle', text: 'Every step checked by computation before it is narrated' },
            { icon: 'sigma', text: 'What each step changes highlighted, the rule named, the answer boxed' },
            { icon: 'captions', text: 'Narration, subtitles, chapters and a transcript' },
          ]}
          cost={PROBLEM_COST}
          costTestId="solution-cost"
          availableCredits={availableCredits}
          short={form.short}
          shortMessage={`You're out of credits. A solution needs ${creditWord(PROBLEM_COST)}.`}
          buyCreditsPath={buyCreditsPath}
          submitting={form.submitting}
          submitLabel="Solve step by step"
          note="Credits are refunded automatically if the solution fails or you cancel it."
        />

        <div className="form-card form-card--options">
          <div className="field-pair">
            <div className="field">
              <label htmlFor={`${ids}-subject`} className="field__label">
                Subject
              </label>
              <select id={`${ids}-subject`} className="field__input" value={subject} onChange={(e) => setSubject(e.target.value)}>
                {SUBJECTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-type`} className="field__label">
                Problem type
              </label>
              <select
                id={`${ids}-type`}
                className="field__input"
                value={problemType}
                onChange={(e) => setProblemType(e.target.value)}
              >
                {PROBLEM_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <LevelOptions legend="Detail" options={DETAIL_LEVELS} value={detailLevel} onChange={setDetailLevel} />

          <DurationField
            value={duration}
            min={MIN_PROBLEM_MINUTES}
            max={MAX_PROBLEM_MINUTES}
            onChange={setDuration}
            help={`At most ${MAX_PROBLEM_MINUTES} minutes. The video is as long as the solution needs, up to this length.`}
          />

          <SwitchField
            label="Show the work"
            help="Every step on screen, with the rule it uses. Off: the problem and its answer."
            checked={showWork}
            onChange={setShowWork}
          />
        </div>
      </form>
    </div>
  );
}
