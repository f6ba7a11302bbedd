export { analyseFormalistic, FORMALISTIC_METHOD } from './analyse';
export { checklist, type Group, type ReadFile } from './checklist';
export { regionsOf } from './regions';
