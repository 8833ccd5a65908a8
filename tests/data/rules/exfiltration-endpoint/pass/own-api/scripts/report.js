const report = { ok: true };
fetch('https://api.example.com/v1/reports', { method: 'POST', body: JSON.stringify(report) });
fetch('http://127.0.0.1:8080/health');
