import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Input } from 'antd';
import {
  getStudents,
  STUDENT_LIST_PER_PAGE,
  useLiveQuery,
  type StudentListPage,
  type StudentListQuery,
  type StudentRecord,
} from 'shared-api';
import { PageFrame } from 'shared-ui';
import { StudentDetailDrawer } from '../features/student-activity/components/student-detail';
import { NO_SORT, StudentFilter, type StudentSorts } from '../features/student-activity/components/student-filter';
import { StudentTable } from '../features/student-activity/components/student-table';
import { useDebouncedValue } from '../features/student-activity/hooks/use-debounced-value';

/** How long the typing pauses before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * /Activities: the students' printing activity ('HOẠT ĐỘNG IN ẤN CỦA SINH VIÊN'): search by code and by
 * name (the server ignores diacritics), sort by name and by payment, paged on the server (30,000
 * students); each student's history opens in a side panel with the page movements and adjustments.
 */
export default function ActivitiesPage() {
  const { t } = useTranslation('spso');
  const [studentId, setStudentId] = useState('');
  const [studentName, setStudentName] = useState('');
  const [sorts, setSorts] = useState<StudentSorts>(NO_SORT);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<StudentRecord | null>(null);
  const searchId = useDebouncedValue(studentId.trim(), SEARCH_DEBOUNCE_MS);
  const searchName = useDebouncedValue(studentName.trim(), SEARCH_DEBOUNCE_MS);

  // A new search or order starts again at page 1 (the page is part of the same query object).
  const [filterKey, setFilterKey] = useState({ searchId, searchName, sorts });
  if (filterKey.searchId !== searchId || filterKey.searchName !== searchName || filterKey.sorts !== sorts) {
    setFilterKey({ searchId, searchName, sorts });
    setPage(1);
  }
  const query = useMemo<StudentListQuery>(
    () => ({
      studentId: searchId || null,
      studentName: searchName || null,
      sortName: sorts.sortName,
      sortPayment: sorts.sortPayment,
      page,
      per_page: STUDENT_LIST_PER_PAGE,
    }),
    [searchId, searchName, sorts, page],
  );
  const list = useLiveQuery<StudentListPage>(query, (signal) => getStudents(query, signal));

  return (
    <PageFrame title={t('activities.title')}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          type="search"
          aria-label={t('activities.searchId')}
          placeholder={t('activities.searchId')}
          value={studentId}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          onChange={(event) => setStudentId(event.target.value)}
        />
        <Input.Search
          allowClear
          type="search"
          aria-label={t('activities.searchName')}
          placeholder={t('activities.searchName')}
          value={studentName}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          onChange={(event) => setStudentName(event.target.value)}
        />
        <StudentFilter value={sorts} onChange={setSorts} />
      </Flex>
      {list.error !== null && list.error !== undefined && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('activities.loadFailed')}
          action={<Button onClick={() => list.reload()}>{t('common.retry')}</Button>}
        />
      )}
      <StudentTable
        students={list.data?.data ?? []}
        loading={list.loading}
        paging={{
          current: page,
          pageSize: STUDENT_LIST_PER_PAGE,
          total: list.data?.total ?? 0,
          onChange: setPage,
        }}
        onHistory={setOpen}
      />
      <StudentDetailDrawer student={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}
