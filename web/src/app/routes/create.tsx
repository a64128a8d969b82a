import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon, type IconName } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';
import { CreateLessonForm } from '@/features/generation/components/create-lesson-form';

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
    cost: 'Coming soon',
    to: paths.createProblem,
  },
  {
    id: 'course',
    icon: 'layers',
    title: 'Course',
    text: 'A multi-lesson course planned around your goal.',
    cost: 'Coming soon',
    to: paths.createCourse,
  },
];

export function CreateRoute({ type }: { type: CreateType | null }) {
  useDocumentTitle(type === 'lesson' || type === null ? 'Create a video' : 'Create');
  const { user } = useAuth();
  const balance = useCreditBalance(user?.uid);
  const queryClient = useQueryClient();
  // The explainer video is the one creation type that ships today, so it is the default.
  const selected = type ?? 'lesson';
  return (
    <div className="container page">
      <PageHeader title="Create" description="Choose what you want Lectern to make for you." />
      <nav aria-label="What to create">
        <ul className="type-grid">
          {types.map((t) => (
            <li key={t.id}>
              <Link to={t.to} className="type-card" aria-current={t.id === selected ? 'page' : undefined}>
                <span className="type-card__icon">
                  <Icon name={t.icon} />
                </span>
                <span className="type-card__title">{t.title}</span>
                <span className="type-card__text">{t.text}</span>
                <span className="type-card__cost">
                  <Icon name="zap" /> {t.cost}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {selected === 'lesson' ? (
        <CreateLessonForm
          userId={user?.uid ?? null}
          availableCredits={balance.loading ? null : balance.credits.available}
          buyCreditsPath={paths.credits}
          onQueued={() => {
            if (user) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(user.uid) });
          }}
        />
      ) : (
        <ComingSoon
          icon={selected === 'course' ? 'layers' : 'sigma'}
          title={selected === 'course' ? 'Courses are coming soon' : 'Problem solutions are coming soon'}
          description={
            selected === 'course'
              ? 'Set a learning goal and Lectern will plan a multi-lesson course, then make a video for each lesson.'
              : 'Paste a problem and Lectern will make a step-by-step video solution.'
          }
        >
          <Link to={paths.createLesson} className="btn btn--primary">
            Create an explainer video
          </Link>
        </ComingSoon>
      )}
    </div>
  );
}
