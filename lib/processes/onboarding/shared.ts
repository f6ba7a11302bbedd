// The onboarding statuses the contracts declare.
export * from './state';
