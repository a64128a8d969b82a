import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';
import { CreateCourseForm } from '@/features/create/components/create-course-form';
import { CreateLessonForm } from '@/features/create/components/create-lesson-form';
import { CreateProblemForm } from '@/features/create/components/create-problem-form';
import type { SourcesOffer } from '@/features/create/components/sources-chooser';
import type { CreateFormProps } from '@/features/create/hooks/use-create-form';
import { sourcesKey, sourcesQueryOptions } from '@/features/sources/api/sources';

export type CreateType = 'course' | 'lesson' | 'problem';

const types: { id: CreateType; icon: IconName; title: string; text: string; cost: string; to: string }[] = [
  {
    id: 'lesson',
    icon: 'video',
    title: 'Explainer video',
    text: 'One narrated video on any topic, at your level.',
    cost: '1 credit (2 for 10 minutes or more)',
    to: paths.createLesson,
  },
  {
    id: 'problem',
    icon: 'sigma',
    title: 'Problem solution',
    text: 'A step-by-step video solution to your problem.',
    cost: '1 credit',
    to: paths.createProblem,
  },
  {
    id: 'course',
    icon: 'layers',
    title: 'Course',
    text: 'A multi-lesson course planned around your goal.',
    cost: '3 credits; its lesson videos are free',
    to: paths.createCourse,
  },
];

const forms: Record<CreateType, ComponentType<CreateFormProps>> = {
  lesson: CreateLessonForm,
  problem: CreateProblemForm,
  course: CreateCourseForm,
};

export function CreateRoute({ type }: { type: CreateType | null }) {
  useDocumentTitle(
    type === 'lesson' || type === null ? 'Create a video' : type === 'problem' ? 'Solve a problem' : 'Create a course',
  );
  const { user } = useAuth();
  const balance = useCreditBalance(user?.uid);
  const queryClient = useQueryClient();
  // The explainer video is the default; problems have their own screen.
  const selected = type ?? 'lesson';
  const Form = forms[selected];
  const refreshCredits = () => {
    if (user) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(user.uid) });
  };
  // Issue 50: the explainer video can be written from the learner's own documents, a course
  // follow them, and a solution solve an exercise of their worksheet.
  const writesFromSources = Boolean(user);
  const documents = useQuery({ ...sourcesQueryOptions(user?.uid ?? ''), enabled: writesFromSources });
  const userId = user?.uid;
  const refreshSources = useCallback(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: sourcesKey(userId) });
  }, [queryClient, userId]);
  const sources: SourcesOffer | undefined = writesFromSources
    ? {
        documents: documents.data?.sources,
        error: documents.isError ? documents.error.message || 'please try again.' : null,
        refresh: refreshSources,
        addPath: paths.sources,
      }
    : undefined;
  return (
    <div className="container page page-create">
      <PageHeader
        title="Create"
        description="Choose what you want Lectern to make for you."
        actions={<Link to={paths.sources}>Your sources</Link>}
      />
      <nav aria-label="What to create">
        <ul className="type-grid">
          {types.map((t) => (
            <li key={t.id}>
              <Link to={t.to} className="type-card" aria-current={t.id === selected ? 'page' : undefined}>
                <span className="icon-tile type-card__icon">
                  <Icon name={t.icon} />
                </span>
                <span className="type-card__title">{t.title}</span>
                <span className="type-card__text">{t.text}</span>
                <span className="type-card__cost">
                  <Icon name="zap" className="icon--credit" /> {t.cost}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        userId={user?.uid ?? null}
        availableCredits={balance.loading ? null : balance.credits.available}
        buyCreditsPath={paths.credits}
        onQueued={refreshCredits}
        sources={sources}
      />
    </div>
  );
}
