'use client';

import { useEffect } from 'react';
import type { DeviceActivity } from '@/lib/api/contracts/flow';
import { activityFlow } from '../api';

/** Said again this often while it lasts (the desktop forgets an activity after two minutes). */
const REPEAT_MS = 60_000;

/**
 * On the phone of a handoff, tells the desktop what this page is doing
 * (camera open, sending) so that it can show it live. Nothing on a device
 * that started the process itself.
 */
export function useReportActivity(requestId: string, onHandoffPhone: boolean, activity: DeviceActivity | undefined): void {
  useEffect(() => {
    if (!onHandoffPhone || !activity) return;
    void activityFlow(requestId, activity);
    const id = setInterval(() => void activityFlow(requestId, activity), REPEAT_MS);
    return () => clearInterval(id);
  }, [requestId, onHandoffPhone, activity]);
}
