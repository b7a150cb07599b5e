import { DomainEvents } from '../src/events/domain-events';
import { createTestApp, type TestApp } from './helpers';

describe('domain events', () => {
  it('runs the state handlers (caches) before the notify handlers (sockets), whatever the order they came in', () => {
    const bus = new DomainEvents();
    const seen: string[] = [];
    bus.on('job-changed', ({ userId }) => seen.push(`notify:${userId}`));
    bus.on('job-changed', ({ userId }) => seen.push(`state:${userId}`), 'state');
    bus.emit('job-changed', { userId: 'u1' });
    expect(seen).toEqual(['state:u1', 'notify:u1']);
  });

  it('a failing handler does not stop the others; a removed one is not called', () => {
    const bus = new DomainEvents();
    const seen: string[] = [];
    bus.on('printer-changed', () => {
      throw new Error('boom');
    });
    const off = bus.on('printer-changed', () => seen.push('removed'));
    bus.on('printer-changed', ({ printerId }) => seen.push(`ok:${printerId}`));
    off();
    bus.emit('printer-changed', { printerId: 'H6-605' });
    expect(seen).toEqual(['ok:H6-605']);
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: { generatedStudents: 1, jobs: 5 } });
    });
    afterAll(() => t.close());

    it('one bus: the socket layer follows job-changed and printer-changed (no module patches another)', async () => {
      const calls: string[] = [];
      const realtime = t.app.realtime;
      const spy = jest.spyOn(realtime, 'emitStudentHistoryChanged').mockImplementation((id) => void calls.push(id));
      const spyList = jest.spyOn(realtime, 'emitPrinterListChanged').mockImplementation(() => void calls.push('list'));
      t.app.events.emit('job-changed', { userId: 'someone' });
      t.app.events.emit('printer-changed', {});
      // on PostgreSQL the socket events follow once the event is on its way to the other instances
      for (let i = 0; i < 100 && calls.length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      // (then the students waiting in the printers' queues, told their places moved)
      expect(calls.slice(0, 2)).toEqual(['someone', 'list']);
      spy.mockRestore();
      spyList.mockRestore();
    });
  });
});
