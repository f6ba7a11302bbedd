import { getBoss } from '@/lib/platform/jobs';

export const IMPORT_DOC_QUEUE = 'import-doc';

/** Queues documents for analysis; a duplicate is harmless (a run first takes the document's lease). */
export async function enqueueDocs(docIds: string[]): Promise<void> {
  if (!docIds.length) return;
  const boss = await getBoss();
  await boss.insert(docIds.map((docId) => ({ name: IMPORT_DOC_QUEUE, data: { docId } })));
}
