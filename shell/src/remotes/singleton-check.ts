import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useSessionStore } from 'shared-api';
import { PageFrame } from 'shared-ui';

/** What the shell got for each shared singleton; each remote's manifest brings its own list. */
export const shellSingletons: Record<string, unknown> = {
  react: useState,
  'react-dom': createPortal,
  'react-router-dom': useNavigate,
  antd: Button,
  i18next,
  'react-i18next': useTranslation,
  zustand: create,
  'shared-api': useSessionStore,
  'shared-ui': PageFrame,
};

export type SingletonReport = Record<string, boolean>;

/** True for each singleton the remote shares with the shell (the very same object). */
export function compareSingletons(remote: Record<string, unknown>): SingletonReport {
  return Object.fromEntries(Object.keys(shellSingletons).map((key) => [key, remote[key] === shellSingletons[key]]));
}

declare global {
  interface Window {
    __SP_SINGLETONS__?: Record<string, SingletonReport>;
  }
}

/** Records the comparison on window (e2e reads it) and warns when a singleton is doubled. */
export function reportSingletons(remoteName: string, remote: Record<string, unknown>): SingletonReport {
  const report = compareSingletons(remote);
  window.__SP_SINGLETONS__ = { ...window.__SP_SINGLETONS__, [remoteName]: report };
  const doubled = Object.entries(report).filter(([, same]) => !same);
  if (doubled.length)
    console.error(`${remoteName}: shared singletons loaded twice:`, doubled.map(([k]) => k).join(', '));
  return report;
}
