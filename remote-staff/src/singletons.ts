import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useSessionStore } from 'shared-api';
import { PageFrame } from 'shared-ui';

/** The module objects this remote got for each shared singleton (the shell compares them with its own). */
const singletons: Record<string, unknown> = {
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

export default singletons;
