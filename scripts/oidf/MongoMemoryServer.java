// An in-memory MongoDB for the OpenID conformance suite (scripts/oidf/run.sh): de.bwaldvogel's
// mongo-java-server (Maven Central), reporting MongoDB 5.0 so the suite's current driver accepts it.
// It lacks `getParameter`, which the suite calls once at start (Application.java reads the
// featureCompatibilityVersion): answered here with 5.0.
// Run as a single-file program: java -cp 'lib/*' MongoMemoryServer.java <port>
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

public class MongoMemoryServer {
  static class Backend extends MemoryBackend {
    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      if ("admin".equals(database) && "getParameter".equalsIgnoreCase(command)) {
        Document answer = new Document();
        answer.put("featureCompatibilityVersion", new Document("version", "5.0"));
        answer.put("ok", 1.0);
        return answer;
      }
      return super.handleCommand(channel, database, command, query);
    }
  }

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args.length > 0 ? args[0] : "27019");
    MongoServer server = new MongoServer(new Backend().version(ServerVersion.MONGO_5_0));
    server.bind("127.0.0.1", port);
    System.out.println("mongo-java-server (in memory) listening on 127.0.0.1:" + port);
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    Thread.currentThread().join();
  }
}
