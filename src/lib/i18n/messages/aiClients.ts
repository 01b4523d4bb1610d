/** Settings → AI clients: how to connect one, who is connected, and client credentials. */
import { area } from './area';

export const aiClients = area({
  en: {
    title: 'AI clients',
    intro:
      'Each AI client starts {relay}, which connects it to this app while VMark Web is open. Copy the configuration for your client:',
    whereClaudeDesktop:
      'Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop',
    whereTerminal: 'Run in a terminal',
    whereCursor: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
    whereVsCode: '.vscode/mcp.json in a workspace (or MCP: Open User Configuration)',
    overHttp: 'Over HTTP',
    httpIntro:
      'Claude Code, Cursor and VS Code can also connect to {url} while VMark Web is running. Put the hub’s token in place of {placeholder}: it is the one line in {path}. The page never sees the token.',
    copy: 'Copy',
    copied: 'Copied',
    noRelayInfo: 'The hub did not say where vmark-relay is; start VMark Web with npm start.',
    connectedNow: 'Connected now',
    noneConnected: 'No AI client is connected.',
    identifiedAs: 'identified as {principal}',
    notIdentified: 'not identified',
    credentials: 'Credentials',
    credentialsAbout:
      'A credential tells VMark Web which client is calling, by a secret the client presents rather than by what it says about itself. Soon you will be able to let a client you name here settle stale links for you. VMark Web keeps only a hash of each secret.',
    clientName: 'Client name',
    clientNameHint: 'A name for the client, e.g. Claude Code on laptop',
    issue: 'Issue credential',
    issuedTitle: 'Credential for “{name}”.',
    issuedBody:
      'Its secret is in the configurations below, as {token}. It will not be shown again: copy the configuration for your client now, then restart the client.',
    copiedIt: 'I have copied it',
    neverUsed: 'created {created}; never used',
    lastUsed: 'created {created}; last used {used}',
    revoke: 'Revoke',
    revokeName: 'Revoke {name}',
    revokeAsk: 'Revoke {name}?',
    revokeWarning:
      'Revoke “{name}”? A client using it is no longer identified, even one connected now.',
    revokeIt: 'Revoke it',
    keepIt: 'Keep it',
    noCredentials: 'No credentials yet: clients connect without one and are not identified.',
  },
  ko: {
    title: 'AI 클라이언트',
    intro:
      '각 AI 클라이언트는 {relay}를 실행하며, 이것이 VMark Web이 열려 있는 동안 클라이언트를 이 앱에 연결합니다. 사용하는 클라이언트의 구성을 복사하세요.',
    whereClaudeDesktop:
      'Settings → Developer → Edit Config (claude_desktop_config.json)에서 편집한 다음 Claude Desktop을 다시 시작하세요',
    whereTerminal: '터미널에서 실행하세요',
    whereCursor: '~/.cursor/mcp.json(또는 프로젝트의 .cursor/mcp.json)',
    whereVsCode: '작업 공간의 .vscode/mcp.json(또는 MCP: Open User Configuration)',
    overHttp: 'HTTP로',
    httpIntro:
      'Claude Code, Cursor, VS Code는 VMark Web이 실행 중일 때 {url}에 직접 연결할 수도 있습니다. {placeholder} 자리에 허브의 토큰을 넣으세요. 토큰은 {path}에 있는 한 줄입니다. 페이지는 토큰을 보지 못합니다.',
    copy: '복사',
    copied: '복사됨',
    noRelayInfo:
      '허브가 vmark-relay의 위치를 알려 주지 않았습니다. npm start로 VMark Web을 시작하세요.',
    connectedNow: '지금 연결됨',
    noneConnected: '연결된 AI 클라이언트가 없습니다.',
    identifiedAs: '{principal}(으)로 식별됨',
    notIdentified: '식별되지 않음',
    credentials: '자격 증명',
    credentialsAbout:
      '자격 증명은 클라이언트가 스스로 밝히는 내용이 아니라 클라이언트가 제시하는 비밀 값으로, 어떤 클라이언트가 호출하는지 VMark Web에 알려 줍니다. 곧 여기에서 이름을 붙인 클라이언트에게 오래된 링크 정리를 맡길 수 있게 됩니다. VMark Web은 각 비밀 값의 해시만 보관합니다.',
    clientName: '클라이언트 이름',
    clientNameHint: '클라이언트 이름(예: 노트북의 Claude Code)',
    issue: '자격 증명 발급',
    issuedTitle: '“{name}”의 자격 증명입니다.',
    issuedBody:
      '비밀 값은 아래 구성에 {token}(으)로 들어 있습니다. 다시 표시되지 않으니 지금 사용하는 클라이언트의 구성을 복사한 다음 클라이언트를 다시 시작하세요.',
    copiedIt: '복사했습니다',
    neverUsed: '만든 날짜 {created}, 사용한 적 없음',
    lastUsed: '만든 날짜 {created}, 마지막 사용 {used}',
    revoke: '폐기',
    revokeName: '{name} 폐기',
    revokeAsk: '{name}을(를) 폐기할까요?',
    revokeWarning:
      '“{name}”을(를) 폐기할까요? 이 자격 증명을 쓰는 클라이언트는 지금 연결되어 있더라도 더 이상 식별되지 않습니다.',
    revokeIt: '폐기',
    keepIt: '유지',
    noCredentials:
      '아직 자격 증명이 없습니다. 클라이언트는 자격 증명 없이 연결되며 식별되지 않습니다.',
  },
  'zh-Hant': {
    title: 'AI 用戶端',
    intro:
      '每個 AI 用戶端都會啟動 {relay}，在 VMark Web 開啟期間將用戶端連線到此應用程式。請複製您用戶端的設定：',
    whereClaudeDesktop:
      '在 Settings → Developer → Edit Config（claude_desktop_config.json）中編輯，然後重新啟動 Claude Desktop',
    whereTerminal: '在終端機中執行',
    whereCursor: '~/.cursor/mcp.json（或專案中的 .cursor/mcp.json）',
    whereVsCode: '工作區中的 .vscode/mcp.json（或 MCP: Open User Configuration）',
    overHttp: '透過 HTTP',
    httpIntro:
      'VMark Web 執行時，Claude Code、Cursor 與 VS Code 也可以直接連線到 {url}。請把 {placeholder} 換成中樞的權杖：就是 {path} 裡的那一行。頁面永遠看不到權杖。',
    copy: '複製',
    copied: '已複製',
    noRelayInfo: '中樞未提供 vmark-relay 的位置；請以 npm start 啟動 VMark Web。',
    connectedNow: '目前已連線',
    noneConnected: '沒有已連線的 AI 用戶端。',
    identifiedAs: '已識別為 {principal}',
    notIdentified: '未識別',
    credentials: '憑證',
    credentialsAbout:
      '憑證以用戶端出示的密鑰（而非用戶端對自己的描述）告訴 VMark Web 是哪個用戶端在呼叫。不久之後，您將能讓在此命名的用戶端替您處理過時的連結。VMark Web 只保存每個密鑰的雜湊值。',
    clientName: '用戶端名稱',
    clientNameHint: '用戶端名稱，例如：筆電上的 Claude Code',
    issue: '核發憑證',
    issuedTitle: '「{name}」的憑證。',
    issuedBody:
      '其密鑰以 {token} 的形式放在下方的設定中。密鑰不會再次顯示：請立即複製您用戶端的設定，然後重新啟動用戶端。',
    copiedIt: '我已複製',
    neverUsed: '建立於 {created}；從未使用',
    lastUsed: '建立於 {created}；上次使用 {used}',
    revoke: '撤銷',
    revokeName: '撤銷 {name}',
    revokeAsk: '要撤銷 {name} 嗎？',
    revokeWarning:
      '要撤銷「{name}」嗎？使用它的用戶端將不再被識別，即使是目前已連線的用戶端也一樣。',
    revokeIt: '撤銷',
    keepIt: '保留',
    noCredentials: '尚無憑證：用戶端會在沒有憑證的情況下連線，且不會被識別。',
  },
  fr: {
    title: 'Clients IA',
    intro:
      'Chaque client IA lance {relay}, qui le relie à cette application tant que VMark Web est ouvert. Copiez la configuration de votre client :',
    whereClaudeDesktop:
      'Settings → Developer → Edit Config (claude_desktop_config.json), puis redémarrez Claude Desktop',
    whereTerminal: 'À exécuter dans un terminal',
    whereCursor: '~/.cursor/mcp.json (ou .cursor/mcp.json dans un projet)',
    whereVsCode: '.vscode/mcp.json dans un espace de travail (ou MCP: Open User Configuration)',
    overHttp: 'Par HTTP',
    httpIntro:
      'Claude Code, Cursor et VS Code peuvent aussi se connecter à {url} tant que VMark Web tourne. Mettez le jeton du hub à la place de {placeholder} : c’est l’unique ligne de {path}. La page ne voit jamais le jeton.',
    copy: 'Copier',
    copied: 'Copié',
    noRelayInfo:
      'Le hub n’a pas indiqué où se trouve vmark-relay ; lancez VMark Web avec npm start.',
    connectedNow: 'Connectés maintenant',
    noneConnected: 'Aucun client IA n’est connecté.',
    identifiedAs: 'identifié comme {principal}',
    notIdentified: 'non identifié',
    credentials: 'Identifiants',
    credentialsAbout:
      'Un identifiant indique à VMark Web quel client appelle, par un secret que le client présente et non par ce qu’il dit de lui-même. Bientôt, vous pourrez laisser un client que vous nommez ici régler pour vous les liens périmés. VMark Web ne conserve qu’une empreinte de chaque secret.',
    clientName: 'Nom du client',
    clientNameHint: 'Un nom pour le client, p. ex. Claude Code sur le portable',
    issue: 'Créer un identifiant',
    issuedTitle: 'Identifiant pour « {name} ».',
    issuedBody:
      'Son secret figure dans les configurations ci-dessous, sous la forme {token}. Il ne sera plus affiché : copiez maintenant la configuration de votre client, puis redémarrez le client.',
    copiedIt: 'Je l’ai copié',
    neverUsed: 'créé le {created} ; jamais utilisé',
    lastUsed: 'créé le {created} ; dernière utilisation le {used}',
    revoke: 'Révoquer',
    revokeName: 'Révoquer {name}',
    revokeAsk: 'Révoquer {name} ?',
    revokeWarning:
      'Révoquer « {name} » ? Un client qui l’utilise n’est plus identifié, même s’il est connecté en ce moment.',
    revokeIt: 'Révoquer',
    keepIt: 'Garder',
    noCredentials:
      'Aucun identifiant pour l’instant : les clients se connectent sans identifiant et ne sont pas identifiés.',
  },
});
