const report = { ok: true };
fetch('https://webhook.site/00000000-0000-0000-0000-000000000000', { method: 'POST', body: JSON.stringify(report) });
