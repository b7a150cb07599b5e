import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Flex, Form, Input, Modal } from 'antd';
import { apiErrorMessage } from 'shared-api';
import { DateRangeField, JobTable, PRINTER_DIALOG_WIDTH, type DateRangeValue } from 'shared-ui';
import { STUDENT_HISTORY_PAGE_SIZE, useStudentHistory, type StudentHistoryRequest } from '../hooks/use-student-history';

interface SearchValues {
  studentId: string;
  range: DateRangeValue;
}

function HistoryContent() {
  const { t } = useTranslation('staff');
  const [request, setRequest] = useState<StudentHistoryRequest | null>(null);
  const { data, loading, error } = useStudentHistory(request);

  const handleSearch = (values: SearchValues) =>
    setRequest({
      studentId: values.studentId.trim(),
      start: values.range?.start ?? null,
      end: values.range?.end ?? null,
      page: 1,
    });

  const student = data?.student;
  return (
    <>
      <Form<SearchValues>
        name="student-history"
        layout="vertical"
        initialValues={{ studentId: '', range: { start: null, end: null } }}
        onFinish={handleSearch}
      >
        <Form.Item
          name="studentId"
          label={t('studentHistory.studentId')}
          rules={[{ required: true, whitespace: true, message: t('studentHistory.studentIdRequired') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="range" label={t('studentHistory.range')}>
          <DateRangeFieldControl />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('studentHistory.search')}
          </Button>
        </Flex>
      </Form>
      {request && error !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={apiErrorMessage(error, t('studentHistory.failed'))}
        />
      )}
      {request && student && error === null && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 12 }}
            items={[
              {
                key: 'name',
                label: t('studentHistory.name'),
                children: [student.lastName, student.firstName].filter(Boolean).join(' '),
              },
              { key: 'code', label: t('studentHistory.code'), children: student.mssv },
              { key: 'class', label: t('studentHistory.class'), children: student.classes ?? '—' },
            ]}
          />
          <JobTable
            aria-label={t('studentHistory.jobs')}
            jobs={data.printingLogs}
            loading={loading}
            columns={['createdAt', 'printerId', 'fileName', 'pageCount', 'copies', 'status']}
            emptyText={t('studentHistory.empty')}
            serverPaging={{
              current: request.page,
              pageSize: STUDENT_HISTORY_PAGE_SIZE,
              total: data.total,
              onChange: (page) => setRequest({ ...request, page }),
            }}
          />
        </>
      )}
    </>
  );
}

/** DateRangeField as a form control (value / onChange given by Form.Item). */
function DateRangeFieldControl({ value, onChange }: { value?: DateRangeValue; onChange?(next: DateRangeValue): void }) {
  return (
    <DateRangeField
      id="student-history-dates"
      value={value ?? { start: null, end: null }}
      onChange={(next) => onChange?.(next)}
    />
  );
}

/**
 * 'Lịch sử in của sinh viên': a staff member looks up a student by code between two dates
 * (GET /v1/staff/studentHistory): the student's name, code and class, and their jobs, paged. An unknown
 * code shows the server's message in the dialog.
 */
export function StudentHistoryDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('staff');
  return (
    <Modal
      open={open}
      title={t('studentHistory.title')}
      width={PRINTER_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {open && <HistoryContent />}
    </Modal>
  );
}
