import { videoOrderSearch, type PreviewSource, type VideoOrder } from '@/lib/video-order';

/** SPEC.md 2.1 route table and 2.2 named page map, in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  library: '/library',
  libraryCourses: '/library/courses',
  libraryLessons: '/library/lessons',
  librarySolutions: '/library/solutions',
  courses: '/courses',
  lessons: '/lessons',
  problems: '/problems',
  create: '/create',
  createCourse: '/create/course',
  createLesson: '/create/lesson',
  createProblem: '/create/problem',
  courseGenerator: '/courses/new',
  lessonGenerator: '/lessons/new',
  problemSolver: '/problems/new',
  courseDetail: (courseId: string) => `/courses/${encodeURIComponent(courseId)}`,
  search: (query: string) => `/search?q=${encodeURIComponent(query)}`,
  credits: '/credits',
  /** Issue 50: the learner's own documents. */
  sources: '/sources',
  /** Issue 54: prices for anyone, before signing up. */
  pricing: '/pricing',
  creditsSuccess: '/credits/success',
  purchaseSuccess: '/purchase-success',
  video: (videoId?: string) => `/video/${videoId ? encodeURIComponent(videoId) : 'view'}`,
  /** Issue 16: a finished video's storyboard, to fix and render again. */
  videoEdit: (videoId: string) => `/video/${encodeURIComponent(videoId)}/edit`,
  /** Issue 17: a published video on its own page, for anyone (where an embed's "Watch on Lectern" goes). */
  watch: (videoId: string) => `/watch/${encodeURIComponent(videoId)}`,
  /** Issue 17: the players other sites frame, outside the app's chrome (the server answers 404 for an unpublished item). */
  embedVideo: (videoId: string) => `/embed/video/${encodeURIComponent(videoId)}`,
  embedCourse: (courseId: string) => `/embed/course/${encodeURIComponent(courseId)}`,
  /** Issue 16: a dry run's storyboard, checked before paying; `order` keeps what was asked for, `from` where. */
  preview: (jobId: string, order?: VideoOrder, from?: PreviewSource) =>
    `/preview/${encodeURIComponent(jobId)}${order ? videoOrderSearch(order, from) : ''}`,
} as const;

/** The create screen a storyboard preview goes back to. */
export function previewSourcePath(from: PreviewSource): string {
  return from === 'problem' ? paths.createProblem : paths.createLesson;
}

export type AuthMode = 'signin' | 'signup';

export function authPath(mode: AuthMode = 'signin'): string {
  return `${paths.auth}?mode=${mode}`;
}

export type PageName =
  | 'home'
  | 'auth'
  | 'library'
  | 'library/courses'
  | 'library/lessons'
  | 'library/solutions'
  | 'create'
  | 'create/course'
  | 'create/lesson'
  | 'create/problem'
  | 'create/unified'
  | 'courses'
  | 'course-detail'
  | 'course-generator'
  | 'generator'
  | 'lesson-generator'
  | 'help'
  | 'problem-solver'
  | 'search'
  | 'credits'
  | 'credits-success'
  | 'video-player';

export type PageParams = { courseId?: string; videoId?: string; query?: string };

/** SPEC 2.2 named navigation map; an unknown name goes home. */
export function pagePath(name: string, params: PageParams = {}): string {
  switch (name as PageName) {
    case 'home':
      return paths.home;
    case 'auth':
      return paths.auth;
    case 'library':
      return paths.library;
    case 'library/courses':
      return paths.libraryCourses;
    case 'library/lessons':
      return paths.libraryLessons;
    case 'library/solutions':
      return paths.librarySolutions;
    case 'create':
    case 'create/unified':
      return paths.create;
    case 'create/course':
      return paths.createCourse;
    case 'create/lesson':
      return paths.createLesson;
    case 'create/problem':
      return paths.createProblem;
    case 'courses':
      return paths.courses;
    case 'course-detail':
      return params.courseId ? paths.courseDetail(params.courseId) : paths.courses;
    case 'course-generator':
      return paths.courseGenerator;
    case 'generator':
      return paths.lessons;
    case 'lesson-generator':
      return paths.lessonGenerator;
    case 'help':
      return paths.problems;
    case 'problem-solver':
      return paths.problemSolver;
    case 'search':
      return params.query ? paths.search(params.query) : '/search';
    case 'credits':
      return paths.credits;
    case 'credits-success':
      return paths.creditsSuccess;
    case 'video-player':
      return paths.video(params.videoId);
    default:
      return paths.home;
  }
}

export type Section = 'home' | 'library' | 'create' | 'sources' | 'credits' | 'search' | 'player' | 'auth';

const sectionLabels: Record<Section, string> = {
  home: 'Home',
  library: 'Library',
  create: 'Create',
  sources: 'Sources',
  credits: 'Credits',
  search: 'Search',
  player: 'Video',
  auth: 'Sign in',
};

const createPaths = new Set<string>([paths.courseGenerator, paths.lessonGenerator, paths.problemSolver]);

/** Which top-navigation section a path belongs to, so the navigation can mark the current page. */
export function sectionOf(pathname: string): Section | null {
  const p = pathname.replace(/\/+$/, '') || '/';
  if (p === '/') return 'home';
  if (p === paths.auth) return 'auth';
  if (createPaths.has(p) || p === paths.create || p.startsWith(`${paths.create}/`) || p.startsWith('/preview/')) return 'create';
  if (
    p === paths.library ||
    p.startsWith(`${paths.library}/`) ||
    p === paths.courses ||
    p.startsWith(`${paths.courses}/`) ||
    p === paths.lessons ||
    p === paths.problems
  ) {
    return 'library';
  }
  if (p === paths.sources) return 'sources';
  if (p === paths.credits || p.startsWith(`${paths.credits}/`) || p === paths.purchaseSuccess) return 'credits';
  if (p === '/search') return 'search';
  if (p.startsWith('/video/')) return 'player';
  return null;
}

export function sectionLabel(section: Section): string {
  return sectionLabels[section];
}

const animatedPaths = new Set(['/', '/courses', '/lessons', '/problems', '/explore', '/lessons/new', '/problems/new', '/courses/new']);

/** SPEC 2.2: these paths get an animated transition; /auth, /credits, /courses/{id}, /video/ are instant. */
export function hasAnimatedTransition(pathname: string): boolean {
  return animatedPaths.has(pathname.replace(/(.)\/+$/, '$1'));
}
