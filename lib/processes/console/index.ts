export { overview, type Overview } from './overview';
export { search, parseQuery, SEARCH_LIMIT, type SearchResults, type OnboardingHit, type StepHit, type BatchHit } from './search';
export { stats, STATS_DAYS, type ConsoleStats, type DailyVolume } from './stats';
export { stepDetail, stepCaptureImages, CAPTURE_ROLES, batchDetail, type StepDetail, type BatchDetail, type TimelineEntry } from './details';
export { listSteps, stepFilterOf, STEP_KINDS, STEP_STATUSES, STEP_PAGE, type StepFilter } from './steps-list';
