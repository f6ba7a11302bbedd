export { overview, type Overview } from './overview';
