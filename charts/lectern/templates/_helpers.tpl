{{/* Names and labels. */}}
{{- define "lectern.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "lectern.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "lectern.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "lectern.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: lectern
{{- end -}}

{{/* Selector labels of one component: call with (dict "root" $ "component" "api"). */}}
{{- define "lectern.selectorLabels" -}}
app.kubernetes.io/name: {{ include "lectern.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "lectern.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "lectern.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "lectern.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{/*
Non-secret settings as NAME: value lines, empty values left out (Lectern's default applies).
The ConfigMap holds them; the migration Job, which runs before the ConfigMap exists on a first
install, gets the same list inline.
*/}}
{{- define "lectern.settings" -}}
{{- $c := .Values.config -}}
{{- $llmBaseUrl := $c.llmBaseUrl -}}
{{- $llmModel := $c.llmModel -}}
{{- $llmTimeout := $c.llmTimeoutSecs -}}
{{- $llmSlots := $c.llmSlots -}}
{{- if include "lectern.modelService" . -}}
{{- $llmBaseUrl = include "lectern.modelUrl" . -}}
{{- $llmModel = .Values.model.alias -}}
{{- $llmTimeout = default 900 $c.llmTimeoutSecs -}}
{{- $llmSlots = .Values.model.slots -}}
{{- end -}}
{{- $pairs := list
  (list "LECTERN_ENV" $c.env)
  (list "LECTERN_PORT" $c.port)
  (list "LECTERN_LISTEN" (printf "0.0.0.0:%v" $c.port))
  (list "LECTERN_PUBLIC_URL" $c.publicUrl)
  (list "LECTERN_ALLOWED_ORIGINS" $c.allowedOrigins)
  (list "LECTERN_DATA_DIR" $c.dataDir)
  (list "LECTERN_WEB_DIR" $c.webDir)
  (list "LECTERN_STORAGE_URL" $c.storageUrl)
  (list "LECTERN_S3_ENDPOINT" $c.s3Endpoint)
  (list "LECTERN_S3_PATH_STYLE" $c.s3PathStyle)
  (list "AWS_REGION" $c.s3Region)
  (list "LECTERN_OIDC_ISSUER" $c.oidcIssuer)
  (list "LECTERN_OIDC_CLIENT_ID" $c.oidcClientId)
  (list "LECTERN_HOST_EMAILS" $c.hostEmails)
  (list "LECTERN_LLM_BASE_URL" $llmBaseUrl)
  (list "LECTERN_LLM_MODEL" $llmModel)
  (list "LECTERN_LLM_TIMEOUT_SECS" $llmTimeout)
  (list "LECTERN_LLM_SLOTS" $llmSlots)
  (list "LECTERN_LOCAL_MODEL" $c.localModel)
  (list "LECTERN_TTS" $c.tts)
  (list "LECTERN_TTS_MODEL" $c.ttsModel)
  (list "LECTERN_TTS_VOICE" $c.ttsVoice)
  (list "LECTERN_LOG" $c.log)
  (list "LECTERN_QUEUE_NAME" $c.queueName)
  (list "LECTERN_QUEUE_HEARTBEAT_SECS" $c.queueHeartbeatSecs)
  (list "HOME" "/tmp")
-}}
{{- range $pairs }}
{{- $value := index . 1 }}
{{- if and (not (kindIs "invalid" $value)) (ne (toString $value) "") }}
{{ index . 0 }}: {{ toString $value | quote }}
{{- end }}
{{- end }}
{{- range $name, $value := $c.extraEnv }}
{{ $name }}: {{ toString $value | quote }}
{{- end }}
{{- end -}}

{{/* Environment variables taken from the Secrets named under .Values.secrets. */}}
{{- define "lectern.secretEnv" -}}
{{- $s := .Values.secrets -}}
{{- $refs := list
  (list "LECTERN_DATABASE_URL" $s.databaseUrl)
  (list "LECTERN_QUEUE_URL" $s.queueUrl)
  (list "LECTERN_SECRET_KEY" $s.secretKey)
  (list "LECTERN_OPERATOR_TOKEN" $s.operatorToken)
  (list "AWS_ACCESS_KEY_ID" $s.s3AccessKeyId)
  (list "AWS_SECRET_ACCESS_KEY" $s.s3SecretAccessKey)
  (list "LECTERN_OIDC_CLIENT_SECRET" $s.oidcClientSecret)
  (list "LECTERN_LLM_API_KEY" $s.llmApiKey)
  (list "LECTERN_STRIPE_SECRET_KEY" $s.stripeSecretKey)
  (list "LECTERN_STRIPE_WEBHOOK_SECRET" $s.stripeWebhookSecret)
-}}
{{- range $refs }}
{{- $ref := index . 1 | default dict }}
{{- if $ref.key }}
{{- $secret := default $s.existingSecret $ref.existingSecret }}
{{- if not $secret }}
{{- fail (printf "secrets: %s needs a Secret: set secrets.existingSecret or its own existingSecret" (index . 0)) }}
{{- end }}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Refuse values that cannot work in the scaled setup, with the setting named. */}}
{{- define "lectern.validate" -}}
{{- if not (hasPrefix "s3://" (toString .Values.config.storageUrl)) -}}
{{- fail "config.storageUrl must be s3://bucket/prefix: API and workers run in separate pods and cannot share a local media folder" -}}
{{- end -}}
{{- if not .Values.secrets.databaseUrl.key -}}
{{- fail "secrets.databaseUrl.key is required: the chart runs on PostgreSQL (LECTERN_DATABASE_URL)" -}}
{{- end -}}
{{- if not .Values.secrets.queueUrl.key -}}
{{- fail "secrets.queueUrl.key is required: the chart's workers take jobs from Redis (LECTERN_QUEUE_URL)" -}}
{{- end -}}
{{- if and (eq (toString .Values.config.env) "production") (not (hasPrefix "https://" (toString .Values.config.publicUrl))) -}}
{{- fail "config.publicUrl must be https:// when config.env is production" -}}
{{- end -}}
{{- if and (include "lectern.modelService" .) (not (regexMatch "^[0-9a-f]{64}$" (toString .Values.model.sha256))) -}}
{{- fail "model.sha256 must be the model file's SHA-256 (64 lower-case hex digits, pipeline/models/catalog.json)" -}}
{{- end -}}
{{- if and (include "lectern.modelService" .) (lt (int .Values.model.slots) 1) -}}
{{- fail "model.slots must be at least 1" -}}
{{- end -}}
{{- if lt (int .Values.worker.autoscaling.maxReplicas) (int .Values.worker.autoscaling.minReplicas) -}}
{{- fail "worker.autoscaling.maxReplicas must be at least worker.autoscaling.minReplicas" -}}
{{- end -}}
{{- end -}}

{{/* The /tmp emptyDir every Lectern container writes to (the root filesystem is read-only). */}}
{{- define "lectern.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ . }}
{{- end -}}

{{/* Topology spread constraints with this component's selector filled in. */}}
{{- define "lectern.topologySpread" -}}
{{- $selector := include "lectern.selectorLabels" (dict "root" .root "component" .component) | fromYaml -}}
{{- $constraints := list -}}
{{- range .constraints }}
{{- $constraints = append $constraints (merge (deepCopy .) (dict "labelSelector" (dict "matchLabels" $selector))) }}
{{- end }}
{{- toYaml $constraints }}
{{- end -}}

{{/* Pod annotations of API and worker pods: (dict "root" $ "port" N "extra" annotations). */}}
{{- define "lectern.podAnnotations" -}}
checksum/config: {{ include "lectern.settings" .root | sha256sum }}
{{- if .root.Values.metrics.scrapeAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/port: {{ .port | quote }}
prometheus.io/path: /metrics
{{- end }}
{{- with .extra }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* The Redis list of waiting jobs that KEDA watches. */}}
{{- define "lectern.queueList" -}}
{{- default (printf "%s:active" (default "lectern-jobs" .Values.config.queueName)) .Values.worker.autoscaling.keda.listName -}}
{{- end -}}

{{/*
"true" when the chart runs its model service: model.enabled and no endpoint of the operator's
own (config.llmBaseUrl). Empty otherwise, so `if include ...` reads it.
*/}}
{{- define "lectern.modelService" -}}
{{- if and .Values.model.enabled (not .Values.config.llmBaseUrl) -}}true{{- end -}}
{{- end -}}

{{/* The workers' OpenAI-compatible base URL of the model service. */}}
{{- define "lectern.modelUrl" -}}
{{- printf "http://%s-model:%v/v1" (include "lectern.fullname" .) .Values.model.port -}}
{{- end -}}
