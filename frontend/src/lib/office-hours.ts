/**
 * The office hours the header, the menu, the footer and the contact pages list. The prerendered HTML
 * has the build's settings, and every hydration renders them again, so it matches, the footer's late
 * one too. Once the first page has hydrated, the hours are read once per visit. If staff saved others
 * since the build, every place that lists the hours then shows the saved ones.
 */
import { useSyncExternalStore } from 'react';
import type { OfficeHours } from '#domain/opening-hours';
import { fetchOfficeHours } from '../api/office-hours';
import { OFFICE_HOURS } from '../business';
import { whenPageReady } from './page-ready';

let saved: OfficeHours | null = null;
let asked = false;
const listeners = new Set<() => void>();

function readSavedHoursOnce(): void {
  if (asked) return;
  asked = true;
  whenPageReady()
    .then(fetchOfficeHours)
    .then(
      ({ officeHours }) => {
        const listed = JSON.stringify(officeHours) === JSON.stringify(OFFICE_HOURS) ? null : officeHours;
        if (JSON.stringify(listed) === JSON.stringify(saved)) return;
        saved = listed;
        for (const listener of listeners) listener();
      },
      // The build's hours stay; the next page the visitor opens asks again.
      () => {
        asked = false;
      },
    );
}

/** Reads the hours again: staff just saved others, and the page they are on lists them too. */
export function rereadOfficeHours(): void {
  asked = false;
  readSavedHoursOnce();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  readSavedHoursOnce();
  return () => listeners.delete(listener);
}

export function useOfficeHours(): OfficeHours {
  return useSyncExternalStore(
    subscribe,
    () => saved ?? OFFICE_HOURS,
    () => OFFICE_HOURS,
  );
}
