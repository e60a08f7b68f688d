import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { settingsSchema } from '@rxbridge/platform';

// deploy/kubernetes, checked offline (no cluster): every manifest against the Kubernetes API schemas
// that kubernetes-models ships (types, required fields, quantities, enums), then what the schemas
// cannot say: probes, grace period, secrets by reference, selectors that meet (README.md, Deploying on
// Kubernetes). The schemas do not flag unknown fields; `kubectl apply --dry-run=server` does.
const DIR = join(__dirname, '../../deploy/kubernetes');

type Manifest = Record<string, any>;

const MODELS: Record<string, { validate(m: Manifest): void }> = {
  'v1/ConfigMap': { validate: (m) => new ConfigMap(m as ConfigMap).validate() },
  'v1/Service': { validate: (m) => new Service(m as Service).validate() },
  'apps/v1/Deployment': { validate: (m) => new Deployment(m as Deployment).validate() },
  'batch/v1/Job': { validate: (m) => new Job(m as Job).validate() },
  'networking.k8s.io/v1/Ingress': { validate: (m) => new Ingress(m as Ingress).validate() },
  'policy/v1/PodDisruptionBudget': { validate: (m) => new PodDisruptionBudget(m as PodDisruptionBudget).validate() },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    validate: (m) => new HorizontalPodAutoscaler(m as HorizontalPodAutoscaler).validate(),
  },
};

function parseYaml(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Manifest;
  });
}

const kustomization = parseYaml('kustomization.yaml')[0];
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
const manifests = files.flatMap((file) => parseYaml(file).map((m) => ({ file, m })));
const find = (kind: string, name: string) => manifests.find(({ m }) => m.kind === kind && m.metadata?.name === name)?.m;
const deployment = (name: string) => find('Deployment', name)!;
const podSpec = (m: Manifest) => m.spec.template.spec;
const GRACE_DEFAULT = 25;

describe('deploy/kubernetes', () => {
  it('lists every manifest in its kustomization, and what it generates exists', () => {
    expect(kustomization).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
    for (const gen of kustomization.configMapGenerator)
      for (const f of gen.files) expect(existsSync(join(DIR, f))).toBe(true);
  });

  it.each(manifests.map(({ file, m }) => [`${file}: ${m.kind} ${m.metadata?.name}`, m]))(
    'is valid against the Kubernetes schemas: %s',
    (_name, m) => {
      const model = MODELS[`${m.apiVersion}/${m.kind}`];
      if (!model) throw new Error(`no schema for ${m.apiVersion} ${m.kind}: add its model to this test`);
      expect(() => model.validate(m)).not.toThrow();
    },
  );

  it('catches a broken manifest (the check is not a no-op)', () => {
    const broken = structuredClone(deployment('rxbridge-api'));
    podSpec(broken).containers[0].resources.limits.memory = 'a lot';
    delete broken.spec.selector;
    expect(() => MODELS['apps/v1/Deployment'].validate(broken)).toThrow(/memory|selector/);
  });

  it('probes the API on its port and the worker on METRICS_PORT: liveness /health/live, readiness /health/ready', () => {
    const config = find('ConfigMap', 'rxbridge-config')!.data;
    const expectProbes = (container: Manifest, port: string, containerPort: number) => {
      expect(container.ports).toContainEqual({ name: port, containerPort });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/api/v1/health/live', port });
      expect(container.startupProbe.httpGet).toEqual({ path: '/api/v1/health/live', port });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/api/v1/health/ready', port });
    };
    expectProbes(podSpec(deployment('rxbridge-api')).containers[0], 'http', Number(config.PORT));
    expectProbes(podSpec(deployment('rxbridge-worker')).containers[0], 'metrics', Number(config.METRICS_PORT));
  });

  it('gives every pod more time to stop than SHUTDOWN_GRACE_SECONDS', () => {
    const grace = Number(find('ConfigMap', 'rxbridge-config')!.data.SHUTDOWN_GRACE_SECONDS ?? GRACE_DEFAULT);
    for (const name of ['rxbridge-api', 'rxbridge-worker']) {
      expect(podSpec(deployment(name)).terminationGracePeriodSeconds).toBeGreaterThan(grace);
    }
    expect(podSpec(deployment('rxbridge-api')).terminationGracePeriodSeconds).toBe(30);
  });

  it('sets requests and limits on every container, and pins every image but the one built here', () => {
    for (const { m } of manifests.filter(({ m }) => m.spec?.template)) {
      const spec = podSpec(m);
      for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
        expect({ c: c.name, ...c.resources }).toEqual({
          c: c.name,
          requests: { cpu: expect.any(String), memory: expect.any(String) },
          limits: { cpu: expect.any(String), memory: expect.any(String) },
        });
        if (c.image !== 'rxbridge') expect(c.image).toMatch(/^[a-z0-9./-]+:\d+(\.\d+)+$/);
      }
    }
    expect(kustomization.images).toEqual([expect.objectContaining({ name: 'rxbridge', newTag: expect.any(String) })]);
  });

  it('holds no secret: secrets come by reference from Secrets the operator creates', () => {
    expect(manifests.filter(({ m }) => m.kind === 'Secret')).toEqual([]);
    const secretKeys = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'JWT_SECRET', 'DOCUMENTS_ENCRYPTION_KEY'];
    const secretish = /SECRET|PASSWORD|KEY|_URL$/;
    const config = find('ConfigMap', 'rxbridge-config')!.data;
    for (const key of Object.keys(config)) {
      // APP_URL is an address, not a secret; the rest of the *_URL settings carry credentials.
      if (key !== 'APP_URL' && key !== 'S3_ENDPOINT') expect([key, secretish.test(key)]).toEqual([key, false]);
    }
    for (const key of secretKeys) expect(config[key]).toBeUndefined();
    for (const { m } of manifests.filter(({ m }) => m.spec?.template)) {
      for (const c of [...(podSpec(m).initContainers ?? []), ...podSpec(m).containers]) {
        for (const e of c.env ?? []) {
          expect([e.name, e.value]).toEqual([e.name, undefined]);
          expect(['rxbridge-app', 'rxbridge-migration']).toContain(e.valueFrom.secretKeyRef.name);
        }
        for (const from of c.envFrom ?? []) {
          if (from.secretRef) expect(from.secretRef.name).toBe('rxbridge-app');
          else expect(from.configMapRef.name).toBe('rxbridge-config');
        }
      }
    }
  });

  it('runs the migrations as the owner role, and the app never sees the owner credentials', () => {
    const job = find('Job', 'rxbridge-migrate')!;
    const [migrate] = podSpec(job).containers;
    expect(migrate.command).toEqual(['node', 'libs/database/dist/cli/migrate.js']);
    expect(migrate.env).toEqual([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'rxbridge-migration', key: 'DATABASE_URL' } } },
    ]);
    const [role] = podSpec(job).initContainers;
    expect(role.command.join(' ')).toContain('-f /rxbridge/app-role.sql');
    expect(podSpec(job).volumes).toContainEqual({ name: 'app-role', configMap: { name: 'rxbridge-app-role' } });
    expect(kustomization.configMapGenerator).toContainEqual({ name: 'rxbridge-app-role', files: ['app-role.sql'] });
    for (const name of ['rxbridge-api', 'rxbridge-worker']) {
      expect(JSON.stringify(podSpec(deployment(name)))).not.toContain('rxbridge-migration');
    }
  });

  it('joins the Service, Ingress, PodDisruptionBudgets and autoscaler to the pods they mean', () => {
    const labelsOf = (name: string) => deployment(name).spec.template.metadata.labels;
    for (const name of ['rxbridge-api', 'rxbridge-worker']) {
      expect(labelsOf(name)).toMatchObject(deployment(name).spec.selector.matchLabels);
      expect(labelsOf(name)).toMatchObject(find('PodDisruptionBudget', name)!.spec.selector.matchLabels);
    }
    const service = find('Service', 'rxbridge-api')!;
    expect(labelsOf('rxbridge-api')).toMatchObject(service.spec.selector);
    // Only the public port: never /metrics.
    expect(service.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }]);
    const backend = find('Ingress', 'rxbridge-api')!.spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: 'rxbridge-api', port: { name: 'http' } });
    // The autoscaler alone sets the API's replicas: an apply of the Deployment would reset them.
    expect(deployment('rxbridge-api').spec.replicas).toBeUndefined();
    expect(find('HorizontalPodAutoscaler', 'rxbridge-api')!.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: 'rxbridge-api',
    });
    // Every workload reads the config the app validates.
    const settings = Object.keys(settingsSchema.shape);
    const config = find('ConfigMap', 'rxbridge-config')!.data;
    for (const key of Object.keys(config)) {
      if (key !== 'SHUTDOWN_GRACE_SECONDS') expect([key, settings.includes(key)]).toEqual([key, true]);
    }
  });
});
