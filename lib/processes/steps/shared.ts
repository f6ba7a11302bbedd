// The step processes' vocabulary for the contracts and the browser: statuses, device activities, the appRedirect check, the page view.
export * from './state';
export { appRedirectProblem } from './app-redirect';
export type { Channel, FlowView } from './flow-view';
