import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local (with its own command-line options) listening on one interface only, the one the
 * system property `dynamodb.host` names. DynamoDB Local has no option for that: its Jetty server
 * listens on every interface, so its connectors are given the host before it starts. Run as a
 * source file (infra/local/dynamodb.ts):
 * java -Ddynamodb.host=127.0.0.1 -cp "DynamoDBLocal.jar:DynamoDBLocal_lib/*" DynamoDbLocalOnHost.java -port 8000 …
 * Unlike DynamoDB Local's own main, it sets up no telemetry.
 */
public class DynamoDbLocalOnHost {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host");
    if (host == null) throw new IllegalArgumentException("-Ddynamodb.host=<interface> is required");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field jettyField = DynamoDBProxyServer.class.getDeclaredField("server");
    jettyField.setAccessible(true);
    Server jetty = (Server) jettyField.get(proxy);
    for (Connector connector : jetty.getConnectors()) ((ServerConnector) connector).setHost(host);
    proxy.start();
  }
}
