/*
 * The portal's service worker (issue 21, point 6): it shows the pushes the server sends to a student's
 * phone and opens the portal when one is tapped. Nothing else: no fetch handler and no offline cache, so
 * the portal never promises to work offline (printing needs the server anyway).
 * Plain JavaScript served as /sw.js (scope /); the server's CSP allows it (worker-src 'self').
 */
'use strict';

/** What a push carries (shared-api's PushMessage): title, body, the page to open, a tag per job. */
function readPush(event) {
  try {
    var data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch (error) {
    // not JSON: shown as text below
  }
  return { title: 'Smart Printing', body: event.data ? event.data.text() : '', url: '/' };
}

/** Only a page of this portal is opened: a URL of another origin becomes the portal's start page. */
function portalUrl(url) {
  try {
    var target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch (error) {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', function (event) {
  var message = readPush(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || '',
      tag: message.tag || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: portalUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        var client = windows[i];
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          // the portal is already open: show the page in that window
          return client.focus().then(function (focused) {
            // navigate() refuses a window this worker does not control: open the page in a new one then
            return focused.navigate(url).catch(function () {
              return self.clients.openWindow(url);
            });
          });
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
