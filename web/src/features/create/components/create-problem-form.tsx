import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SolutionAnswer } from '@/components/solution/solution-answer';
import { paths } from '@/config/paths';
import { jobStatusQueryOptions } from '@/lib/job-status';
import { GenerationStatus } from '@/features/create/components/generation-status';
import { LevelOptions } from '@/features/create/components/level-options';
import { creditWord, OrderCard } from '@/features/create/components/order-card';
import { PromptField } from '@/features/create/components/prompt-field';
import { DurationField } from '@/features/create/components/range-field';
import { SwitchField } from '@/features/create/components/switch-field';
import { useCreateForm } from '@/features/create/hooks/use-create-form';
import { useSolutionGeneration } from '@/features/create/hooks/use-solution-generation';
import { problemFormSchema, type ProblemFormValues } from '@/features/create/lib/form-schemas';
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
  const { control, handleSubmit, clearErrors, resetField, setFocus } = useForm<ProblemFormValues>({
    resolver: zodResolver(problemFormSchema),
    defaultValues: {
      problem: '',
      subject: DEFAULT_SUBJECT,
      problemType: DEFAULT_PROBLEM_TYPE,
      detailLevel: DEFAULT_DETAIL_LEVEL,
      duration: DEFAULT_PROBLEM_MINUTES,
      showWork: true,
    },
    // An error shows from a submit until the field changes, as it did before the form library.
    reValidateMode: 'onSubmit',
  });
  const ids = useId();

  const form = useCreateForm({ generation, cost: PROBLEM_COST, availableCredits, onQueued });

  const submit = handleSubmit((values) => form.send(() => generation.start(values)));

  const solveAnother = () => {
    generation.reset();
    resetField('problem');
    setFocus('problem');
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
          <Controller
            control={control}
            name="problem"
            render={({ field, fieldState }) => (
              <PromptField
                label="What problem should be solved?"
                ref={field.ref}
                math
                rows={4}
                maxLength={MAX_PROBLEM_LENGTH}
                value={field.value}
                error={fieldState.error?.message ?? null}
                onChange={(value) => {
                  field.onChange(value);
                  clearErrors('problem');
                }}
                placeholder="e.g. 2x + 3 = 11"
                help={
                  'Type it as you would write it: x^2 for powers, 3/4 for fractions, sqrt(2), d/dx(...), ∫ ... dx; separate ' +
                  'the equations of a system with ";".'
                }
                examples={examples}
                examplesLabel="Example problems"
              />
            )}
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
              <Controller
                control={control}
                name="subject"
                render={({ field }) => (
                  <select id={`${ids}-subject`} className="field__input" {...field}>
                    {SUBJECTS.map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-type`} className="field__label">
                Problem type
              </label>
              <Controller
                control={control}
                name="problemType"
                render={({ field }) => (
                  <select id={`${ids}-type`} className="field__input" {...field}>
                    {PROBLEM_TYPES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            </div>
          </div>

          <Controller
            control={control}
            name="detailLevel"
            render={({ field }) => (
              <LevelOptions legend="Detail" options={DETAIL_LEVELS} value={field.value} onChange={field.onChange} />
            )}
          />

          <Controller
            control={control}
            name="duration"
            render={({ field }) => (
              <DurationField
                value={field.value}
                min={MIN_PROBLEM_MINUTES}
                max={MAX_PROBLEM_MINUTES}
                onChange={field.onChange}
                help={`At most ${MAX_PROBLEM_MINUTES} minutes. The video is as long as the solution needs, up to this length.`}
              />
            )}
          />

          <Controller
            control={control}
            name="showWork"
            render={({ field }) => (
              <SwitchField
                label="Show the work"
                help="Every step on screen, with the rule it uses. Off: the problem and its answer."
                checked={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
      </form>
    </div>
  );
}
