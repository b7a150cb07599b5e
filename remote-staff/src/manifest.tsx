import { lazy } from 'react';
import { createPortal } from 'react-dom';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { BellOutlined, PrinterOutlined } from '@ant-design/icons';
import { useSessionStore } from 'shared-api';
import { PageFrame, type RemoteManifest } from 'shared-ui';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The staff remote: its routes, its side-menu links and its texts, mounted by the shell. */
const manifest: RemoteManifest = {
  name: 'remote_staff',
  namespace: 'staff',
  routes: [
    { path: '/ManageStaff', access: 'staff', Component: lazy(() => import('./pages/manage-staff-page')) },
    { path: '/NoticeStaff', access: 'staff', Component: lazy(() => import('./pages/notice-staff-page')) },
  ],
  menu: [
    { key: 'manage', labelKey: 'menu.manage', path: '/ManageStaff', icon: <PrinterOutlined /> },
    { key: 'notices', labelKey: 'menu.notices', path: '/NoticeStaff', icon: <BellOutlined />, badge: 'notices' },
  ],
  locales: { vi, en },
  singletons: {
    react: useState,
    'react-dom': createPortal,
    'react-router-dom': useNavigate,
    antd: Button,
    i18next,
    'react-i18next': useTranslation,
    zustand: create,
    'shared-api': useSessionStore,
    'shared-ui': PageFrame,
  },
};

export default manifest;
